import { PROPERTY_TYPES, type PropertyType } from '@nj/contracts';
import { normalizeText } from '../listing-fields.ts';

/**
 * The property-type synonym table (issue 10 "Property types through a documented synonym table"): how Mexican
 * portals, CRMs and agencies name a type (keys normalised by normalizeText: lower case, no accents, words separated by
 * one space) → our type (spec 01 §3, PROPERTY_TYPES in @nj/contracts). Plurals are found by parsePropertyTypeSynonym,
 * so only singulars are listed. Choices where our catalogue has no exact type: every kind of house (in a condominium,
 * duplex, townhouse, villa) is a house; every kind of flat (penthouse, loft, studio, shared flat, garden house) is an
 * apartment; quinta and hacienda are ranches; a room for rent (cuarto, habitación) and Inmuebles24's 'Inmueble productivo
 * urbano' are 'otro'; a hotel is an edificio.
 */
export const PROPERTY_TYPE_SYNONYMS: Readonly<Record<string, PropertyType>> = {
  casa: 'house', 'casa sola': 'house', 'casa habitacion': 'house', 'casa en condominio': 'house',
  'casa en condominio horizontal': 'house', 'condominio horizontal': 'house', 'casa en fraccionamiento': 'house',
  'casa en privada': 'house', 'casa en coto': 'house', 'casa de campo': 'house', 'casa de playa': 'house',
  'casa duplex': 'house', duplex: 'house', triplex: 'house', 'casa adosada': 'house', 'desarrollo horizontal': 'house', villa: 'house', townhouse: 'house', 'town house': 'house',
  residencia: 'house', chalet: 'house', cabana: 'house', house: 'house', 'single family home': 'house', home: 'house',
  departamento: 'apartment', depto: 'apartment', dpto: 'apartment', depa: 'apartment', apartamento: 'apartment',
  'departamento compartido': 'apartment', 'departamento amueblado': 'apartment', penthouse: 'apartment',
  'pent house': 'apartment', ph: 'apartment', loft: 'apartment', estudio: 'apartment', 'garden house': 'apartment',
  condominio: 'apartment', 'condominio vertical': 'apartment', 'departamento en condominio': 'apartment',
  'desarrollo vertical': 'apartment', flat: 'apartment', suite: 'apartment',
  apartment: 'apartment', condo: 'apartment', studio: 'apartment',
  terreno: 'land', lote: 'land', 'terreno lote': 'land', 'terreno habitacional': 'land', 'terreno residencial': 'land',
  'lote residencial': 'land', 'lote habitacional': 'land', 'terreno urbano': 'land', predio: 'land', parcela: 'land',
  'terreno rustico': 'land', land: 'land', lot: 'land',
  rancho: 'ranch', quinta: 'ranch', hacienda: 'ranch', finca: 'ranch', granja: 'ranch', 'rancho quinta': 'ranch',
  'quinta rancho': 'ranch', ranch: 'ranch', farm: 'ranch',
  huerta: 'huerta', huerto: 'huerta',
  bodega: 'bodega_comercial', 'bodega comercial': 'bodega_comercial', deposito: 'bodega_comercial', warehouse: 'bodega_comercial',
  'bodega industrial': 'bodega_industrial', almacen: 'bodega_industrial',
  'nave industrial': 'nave_industrial', nave: 'nave_industrial', 'nave comercial': 'nave_industrial',
  galpon: 'nave_industrial', 'industrial warehouse': 'nave_industrial',
  'casa con uso de suelo': 'casa_con_uso_de_suelo', 'casa uso de suelo': 'casa_con_uso_de_suelo',
  'casa comercial': 'casa_con_uso_de_suelo', 'casa con uso comercial': 'casa_con_uso_de_suelo',
  edificio: 'edificio', 'edificio de departamentos': 'edificio', 'edificio de oficinas': 'edificio',
  'edificio comercial': 'edificio', hotel: 'edificio', building: 'edificio',
  local: 'local_comercial', 'local comercial': 'local_comercial', 'locales comerciales': 'local_comercial',
  store: 'local_comercial', shop: 'local_comercial', 'retail': 'local_comercial',
  'local en centro comercial': 'local_en_centro_comercial', 'local en plaza comercial': 'local_en_centro_comercial',
  'local en plaza': 'local_en_centro_comercial',
  oficina: 'oficina', 'oficina comercial': 'oficina', consultorio: 'oficina', despacho: 'oficina', office: 'oficina',
  'terreno comercial': 'terreno_comercial', 'lote comercial': 'terreno_comercial',
  'terreno industrial': 'terreno_industrial', 'lote industrial': 'terreno_industrial',
  cuarto: 'otro', habitacion: 'otro', recamara: 'otro', 'cuarto compartido': 'otro', room: 'otro', otro: 'otro',
  other: 'otro', 'inmueble productivo urbano': 'otro', 'inmueble productivo rural': 'ranch',
};

/**
 * Normalised words with each word made singular the way the synonym table spells it ('casas solas' → 'casa sola',
 * 'locales comerciales' → 'local comercial', 'naves' → 'nave'). Helper of the type parsers.
 */
export function singularWords(words: string): string {
  return words.split(' ').map(singular).join(' ');
}

function singular(word: string): string {
  if (word.length > 4 && word.endsWith('es') && /[lrndz]$/.test(word.slice(0, -2))) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/**
 * Our property type for a source's type text through PROPERTY_TYPE_SYNONYMS ('Casa en condominio' → 'house',
 * 'Dúplex' → 'house', 'Departamento compartido' → 'apartment', 'Terreno / Lote' → 'land', 'Locales comerciales' →
 * 'local_comercial', 'Nave industrial' → 'nave_industrial'); our own values ('house', 'local_comercial') pass as they
 * are. Case, accents, punctuation and plurals do not matter. Unknown or empty text → null: the caller reports it,
 * nothing is guessed.
 */
export function parsePropertyTypeSynonym(text: string | null | undefined): PropertyType | null {
  const raw = (text ?? '').trim();
  if ((PROPERTY_TYPES as readonly string[]).includes(raw)) return raw as PropertyType;
  const words = normalizeText(raw);
  if (words === '') return null;
  return PROPERTY_TYPE_SYNONYMS[words] ?? PROPERTY_TYPE_SYNONYMS[singularWords(words)] ?? null;
}
