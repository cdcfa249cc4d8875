/** Spanish texts of search, listing and detail (spec 01 §2, §5, §8). */
export const SEARCH_MESSAGES = {
  fetchError: 'Error al obtener las propiedades',
  updateError: 'Error al actualizar las propiedades',
  noResults: 'No encontramos propiedades con estos filtros. Prueba a mover el mapa o quitar algún filtro.',
  /** A listing its owner deactivated, to anyone but the owner (issue 7 §7): page and API answer 410. */
  propertyGone: 'Esta propiedad ya no está disponible',
  propertyGoneText: 'Quien la publicó la dio de baja. Estas propiedades parecidas están disponibles cerca:',
  propertyGoneNoSimilar: 'Quien la publicó la dio de baja. Busca otras propiedades en el mapa.',
  propertyGoneCta: 'Buscar propiedades en el mapa',
  propertyNotFound: 'No encontramos esta propiedad. Puede que se haya dado de baja o que el código sea incorrecto.',
  boundsRequired: 'Indica los límites del mapa: north, south, east y west',
  invalidBounds: 'Los límites del mapa no son válidos',
  invalidParam: (name: string) => `El parámetro ${name} no es válido`,
  /** A search's `place` names no place we know (issue 9 §3): 404, never the whole country. */
  unknownPlace: 'No encontramos ese lugar. Elige un lugar de la lista del buscador.',
  defaultTitle: 'Las Mejores Propiedades en Renta y Venta',
  searchCode: (code: string) => `Buscar propiedad ${code}`,
  noSuggestions: 'No se encontraron resultados',
  placeholderCta: '¿Dónde quieres vivir?',
  placeholderStandard: 'Buscar',
  placeholderCreation: 'Ingresa la dirección',
  search: 'Buscar',
  rent: 'Rentar',
  buy: 'Comprar',
  perMonth: '/mes',
  /** Meta description of a listing page. */
  listingDescription: (heading: string, total: number) =>
    `${heading}: ${total.toLocaleString('es-MX')} propiedades con precios, características y ubicación en el mapa.`,
} as const;
