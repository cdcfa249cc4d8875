import type { PropertyType } from '../catalogue/vocabularies.ts';
import { PROPERTY_TYPE_LABELS } from '../catalogue/vocabularies.ts';

/** Types named in the feminine ('esta casa', 'esta oficina'). */
const FEMININE: ReadonlySet<PropertyType> = new Set<PropertyType>([
  'house', 'bodega_comercial', 'casa_con_uso_de_suelo', 'huerta', 'oficina', 'bodega_industrial', 'nave_industrial',
]);

/** Spanish texts of the price history and market figures (issue 17, decision 036). */
export const MARKET_MESSAGES = {
  priceHistoryTitle: 'Historial de precio',
  priceDropBadge: 'Bajó de precio',
  priceDropLabel: (percent: number) => `Bajó ${percent} % en los últimos 30 días`,
  historyStart: 'Precio inicial',
  historyChange: 'Cambio de precio',
  historySince: 'Registramos los cambios de precio desde que la propiedad está en nuestro portal.',
  historyDate: 'Fecha',
  historyPrice: 'Precio',
  historyEvent: 'Movimiento',
  marketTitle: (place: string) => `Precio por m² en ${place}`,
  marketRent: 'Renta (MXN por m² al mes)',
  marketSale: 'Venta (MXN por m²)',
  marketActive: 'Anuncios activos en el mes',
  marketMedian: 'Mediana MXN/m²',
  marketMonth: 'Mes',
  insufficientData: 'Datos insuficientes',
  marketMethod: (minSample: number) =>
    `Cómo lo calculamos: cada mes tomamos las propiedades activas publicadas en nuestro portal en este lugar, dividimos su precio en pesos (las de dólares o euros con el tipo de cambio del día) entre su superficie construida (la del terreno en terrenos, ranchos y huertas) y mostramos la mediana. Solo son anuncios, no precios de cierre; los duplicados cuentan una vez. Los anuncios se cuentan por la colonia o el municipio de su dirección, con todos sus tipos, por eso la cifra puede diferir de los resultados de la búsqueda, que siguen el contorno del lugar en el mapa y tus filtros. Con menos de ${minSample} propiedades con precio y superficie no mostramos la mediana: aparece 'Datos insuficientes'. La tendencia empieza el mes en que comenzamos a medir.`,
  comparison: (type: PropertyType, percent: number, place: string) => {
    const subject = `${FEMININE.has(type) ? 'esta' : 'este'} ${PROPERTY_TYPE_LABELS[type].toLowerCase()}`;
    if (percent === 0) return `El precio por m² de ${subject} está en la mediana de ${place}`;
    return `El precio por m² de ${subject} está ${Math.abs(percent)} % ${percent < 0 ? 'por debajo' : 'por encima'} de la mediana de ${place}`;
  },
  comparisonBasis: (sample: number) => `Mediana de ${sample} propiedades del mismo tipo y operación publicadas en nuestro portal este mes.`,
} as const;
