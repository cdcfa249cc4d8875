/**
 * Spanish texts of the map (issue 9 §1): its tiles, fonts and base-map archive, and the list of listings that share
 * one point. The server imports `@nj/contracts/map/messages`, the web app the same path.
 */
export const MAP_MESSAGES = {
  tileInvalid: 'Ese mosaico del mapa no existe: z debe ir de 0 a 17 y x, y de 0 a 2^z − 1',
  fontNotFound: 'No tenemos esa tipografía para el mapa',
  glyphRangeInvalid: 'Ese rango de caracteres no es válido: debe ser como 0-255',
  spriteNotFound: 'No encontramos esos iconos del mapa',
  archiveNotFound: 'Este servidor no tiene un mapa base propio configurado',
  rangeNotSatisfiable: 'El rango pedido está fuera del archivo del mapa',
  samePointTitle: (count: string) => `${count} propiedades en este punto`,
  samePointChip: (count: string) => `${count} aquí`,
  samePointMore: (count: string) => `y ${count} más: acerca el mapa o usa la lista de resultados`,
  // Starts with the chip's visible text (samePointChip), so the name contains it (axe label-content-name-mismatch).
  samePointLabel: (count: string) => `${count} aquí: propiedades en el mismo punto, ver la lista`,
  samePointOpen: (price: string) => `Ver la propiedad de ${price}`,
  closeList: 'Cerrar la lista',
} as const;
