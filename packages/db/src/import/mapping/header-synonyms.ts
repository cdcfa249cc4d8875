import { normalizeText } from '../listing-fields.ts';
import { TARGETS, type Target } from './targets.ts';

/**
 * A column header reduced to the words that name it (issue 10 "Headers in Spanish or English, any case, accents or
 * none, with trailing colons"): BOM, surrounding quotes and spaces, case, accents, '²'/'³', punctuation ('_', '-',
 * '.', ':', '/', '#', '(', ')') and camelCase word joins are all dropped, leaving lower-case words separated by one
 * space. 'Estacionamientos:' → 'estacionamientos', '"Precio de Venta"' → 'precio de venta', 'superficie_total_m²' →
 * 'superficie total m2', 'numberOfBedrooms' → 'number of bedrooms', 'location.name' → 'location name', 'C.P.' → 'c p'.
 */
export function normalizeHeader(h: string): string {
  const text = (h ?? '')
    .replace(/^\uFEFF/, '')
    .replace(/²/g, '2')
    .replace(/³/g, '3')
    .replace(/([a-z\u00e0-\u00ff])([A-Z])/g, '$1 $2');
  return normalizeText(text);
}

/**
 * The header synonym table (issue 10 "Recognises … and for anything else proposes a mapping"): normalised header
 * words (see normalizeHeader) in Spanish and English, as Mexican portals, CRMs, scrapers and spreadsheets write them
 * → the target they hold. A header not listed is guessed by guessTarget's word rules, or left for the user to map.
 */
export const HEADER_SYNONYMS: Readonly<Record<string, Target>> = {
  // identity
  id: 'source_id', clave: 'source_id', 'id anuncio': 'source_id', 'id del anuncio': 'source_id', 'id propiedad': 'source_id',
  'id de propiedad': 'source_id', 'id inmueble': 'source_id', codigo: 'source_id', 'codigo anuncio': 'source_id',
  'codigo de anuncio': 'source_id', 'codigo propiedad': 'source_id', folio: 'source_id', referencia: 'source_id',
  ref: 'source_id', 'clave interna': 'source_id', 'clave de propiedad': 'source_id', 'clave propiedad': 'source_id',
  'public id': 'source_id', 'listing id': 'source_id', 'property id': 'source_id', 'source id': 'source_id',
  'ad id': 'source_id', 'item id': 'source_id', sku: 'source_id',
  // operation and type
  operacion: 'op_type', 'tipo de operacion': 'op_type', 'tipo operacion': 'op_type', operation: 'op_type',
  'operation type': 'op_type', 'tipo de anuncio': 'op_type', transaccion: 'op_type', 'tipo de transaccion': 'op_type',
  modalidad: 'op_type', 'listing type': 'op_type', 'offer type': 'op_type', 'en venta o renta': 'op_type',
  'venta renta': 'op_type', 'venta o renta': 'op_type', 'renta venta': 'op_type',
  tipo: 'property_type', 'tipo de inmueble': 'property_type', 'tipo inmueble': 'property_type',
  'tipo de propiedad': 'property_type', 'tipo propiedad': 'property_type', 'property type': 'property_type',
  type: 'property_type', inmueble: 'property_type', 'clase de inmueble': 'property_type', categoria: 'property_type',
  'categoria de inmueble': 'property_type', 'tipo de bien': 'property_type',
  estatus: 'type+op_type', 'tipo y operacion': 'type+op_type', 'tipo operacion inmueble': 'type+op_type',
  'categoria y operacion': 'type+op_type', 'anuncio tipo': 'type+op_type',
  // money
  precio: 'price', price: 'price', 'precio de venta': 'price', 'precio venta': 'price', 'precio de renta': 'price',
  'precio renta': 'price', 'precio total': 'price', 'precio de lista': 'price', 'precio lista': 'price', valor: 'price',
  'valor comercial': 'price', monto: 'price', importe: 'price', amount: 'price', 'sale price': 'price',
  'asking price': 'price', 'list price': 'price', 'renta mensual': 'price', 'precio mensual': 'price', costo: 'price',
  moneda: 'currency', currency: 'currency', divisa: 'currency', 'tipo de moneda': 'currency', 'currency id': 'currency',
  mantenimiento: 'maintenance_fee', 'cuota de mantenimiento': 'maintenance_fee', 'cuota mantenimiento': 'maintenance_fee',
  'mantenimiento mensual': 'maintenance_fee', maintenance: 'maintenance_fee', 'maintenance fee': 'maintenance_fee',
  expensas: 'maintenance_fee', 'gastos comunes': 'maintenance_fee', 'cuota': 'maintenance_fee', hoa: 'maintenance_fee',
  // areas
  'superficie construida': 'construction_area_m2', 'sup construida': 'construction_area_m2',
  'm2 construidos': 'construction_area_m2', 'metros construidos': 'construction_area_m2', construccion: 'construction_area_m2',
  'm2 construccion': 'construction_area_m2', 'm2 de construccion': 'construction_area_m2',
  'superficie de construccion': 'construction_area_m2', 'area construida': 'construction_area_m2',
  'superficie cubierta': 'construction_area_m2', 'area cubierta': 'construction_area_m2',
  'superficie habitable': 'construction_area_m2', 'construction size': 'construction_area_m2',
  'construction area': 'construction_area_m2', 'covered area': 'construction_area_m2', 'built area': 'construction_area_m2',
  'floor size': 'construction_area_m2', 'floor area': 'construction_area_m2', 'building size': 'construction_area_m2',
  superficie: 'construction_area_m2', m2: 'construction_area_m2', metros: 'construction_area_m2',
  'metros cuadrados': 'construction_area_m2', area: 'construction_area_m2', size: 'construction_area_m2',
  tamano: 'construction_area_m2', 'superficie util': 'construction_area_m2',
  'superficie terreno': 'land_area_m2', 'superficie de terreno': 'land_area_m2', 'superficie del terreno': 'land_area_m2',
  'sup terreno': 'land_area_m2', terreno: 'land_area_m2', 'm2 terreno': 'land_area_m2', 'm2 de terreno': 'land_area_m2',
  'metros de terreno': 'land_area_m2', 'metros totales': 'land_area_m2', 'metros terreno': 'land_area_m2', 'm2 totales': 'land_area_m2',
  'superficie total': 'land_area_m2', 'area total': 'land_area_m2', 'area del terreno': 'land_area_m2',
  'lot size': 'land_area_m2', 'land size': 'land_area_m2', 'land area': 'land_area_m2', 'total area': 'land_area_m2',
  'lote': 'land_area_m2', 'tamano del terreno': 'land_area_m2',
  // counts
  recamaras: 'rooms', recamara: 'rooms', habitaciones: 'rooms', dormitorios: 'rooms', cuartos: 'rooms', rec: 'rooms',
  recs: 'rooms', 'numero de recamaras': 'rooms', 'num recamaras': 'rooms', 'no recamaras': 'rooms', 'no de recamaras': 'rooms',
  bedrooms: 'rooms', beds: 'rooms', 'number of bedrooms': 'rooms', alcobas: 'rooms',
  banos: 'bathrooms', bano: 'bathrooms', 'banos completos': 'bathrooms', 'numero de banos': 'bathrooms',
  'num banos': 'bathrooms', 'no banos': 'bathrooms', 'no de banos': 'bathrooms', bathrooms: 'bathrooms', baths: 'bathrooms',
  'full bathrooms': 'bathrooms', 'number of bathrooms total': 'bathrooms', 'number of bathrooms': 'bathrooms',
  sanitarios: 'bathrooms',
  'medios banos': 'half_bathrooms', 'medio bano': 'half_bathrooms', 'medios banos completos': 'half_bathrooms',
  '1 2 banos': 'half_bathrooms', 'half bathrooms': 'half_bathrooms', 'half baths': 'half_bathrooms',
  estacionamientos: 'parking_spots', estacionamiento: 'parking_spots', cajones: 'parking_spots',
  'cajones de estacionamiento': 'parking_spots', cajon: 'parking_spots', 'lugares de estacionamiento': 'parking_spots',
  cocheras: 'parking_spots', cochera: 'parking_spots', garage: 'parking_spots', garaje: 'parking_spots',
  parking: 'parking_spots', 'parking spaces': 'parking_spots', 'parking lots': 'parking_spots',
  'parking spots': 'parking_spots', 'car spaces': 'parking_spots', autos: 'parking_spots',
  // age
  antiguedad: 'age', edad: 'age', 'anos de antiguedad': 'age', 'antiguedad anos': 'age', age: 'age',
  'property age': 'age', 'edad del inmueble': 'age',
  'ano de construccion': 'construction_year', 'ano construccion': 'construction_year', 'anio de construccion': 'construction_year',
  'construido en': 'construction_year', 'year built': 'construction_year', 'construction year': 'construction_year',
  // amenities
  amenidades: 'amenities', amenities: 'amenities', caracteristicas: 'amenities', servicios: 'amenities',
  features: 'amenities', equipamiento: 'amenities', extras: 'amenities', 'caracteristicas generales': 'amenities',
  // address
  direccion: 'address', domicilio: 'address', ubicacion: 'address', 'direccion completa': 'address', address: 'address',
  location: 'address', 'calle y numero': 'address', 'full address': 'address', localizacion: 'address',
  calle: 'street', street: 'street', vialidad: 'street', 'street address': 'street', 'address line': 'street',
  'numero exterior': 'exterior_number', 'num ext': 'exterior_number', 'no ext': 'exterior_number',
  'numero ext': 'exterior_number', 'no exterior': 'exterior_number', 'exterior number': 'exterior_number', numero: 'exterior_number',
  colonia: 'colonia', col: 'colonia', barrio: 'colonia', fraccionamiento: 'colonia', asentamiento: 'colonia',
  neighborhood: 'colonia', neighbourhood: 'colonia', 'colonia fraccionamiento': 'colonia', fracc: 'colonia',
  municipio: 'municipality', alcaldia: 'municipality', delegacion: 'municipality', 'municipio alcaldia': 'municipality',
  'alcaldia municipio': 'municipality', 'delegacion municipio': 'municipality', 'municipio delegacion': 'municipality',
  mpio: 'municipality', municipality: 'municipality', district: 'municipality',
  ciudad: 'locality', localidad: 'locality', poblacion: 'locality', city: 'locality', locality: 'locality', town: 'locality',
  estado: 'state', entidad: 'state', 'entidad federativa': 'state', state: 'state', province: 'state', provincia: 'state',
  'codigo postal': 'postal_code', cp: 'postal_code', 'c p': 'postal_code', 'postal code': 'postal_code', zip: 'postal_code',
  'zip code': 'postal_code', zipcode: 'postal_code', 'cod postal': 'postal_code',
  // coordinates
  latitud: 'lat', lat: 'lat', latitude: 'lat', 'geo latitude': 'lat',
  longitud: 'lng', lon: 'lng', lng: 'lng', long: 'lng', longitude: 'lng', 'geo longitude': 'lng',
  coordenadas: 'lat_lng', coordinates: 'lat_lng', 'lat lng': 'lat_lng', 'lat lon': 'lat_lng', 'lat long': 'lat_lng',
  latlng: 'lat_lng', latlon: 'lat_lng', geo: 'lat_lng', gps: 'lat_lng', 'ubicacion gps': 'lat_lng', 'ubicacion mapa': 'lat_lng',
  'google maps': 'lat_lng', mapa: 'lat_lng', 'punto': 'lat_lng',
  // dates
  'fecha de publicacion': 'published_at', 'fecha publicacion': 'published_at', publicado: 'published_at',
  'publicado hace': 'published_at', publicacion: 'published_at', fecha: 'published_at', 'fecha de alta': 'published_at',
  'fecha alta': 'published_at', 'fecha de creacion': 'published_at', 'fecha creacion': 'published_at',
  'antiguedad del anuncio': 'published_at', 'published at': 'published_at', published: 'published_at',
  'date published': 'published_at', 'date posted': 'published_at', 'date created': 'published_at', date: 'published_at',
  'created at': 'published_at', 'start time': 'published_at', 'fecha de publicacion del anuncio': 'published_at',
  // texts
  titulo: 'title', title: 'title', 'titulo del anuncio': 'title', encabezado: 'title', nombre: 'title', name: 'title',
  descripcion: 'description', description: 'description', 'descripcion del inmueble': 'description', detalle: 'description',
  'descripcion larga': 'description',
  url: 'url', link: 'url', enlace: 'url', liga: 'url', permalink: 'url', 'url anuncio': 'url', 'url del anuncio': 'url',
  'public url': 'url', 'listing url': 'url', 'url original': 'url', pagina: 'url', 'pagina web': 'url',
};

/**
 * Targets never proposed for a column: 'source' (which portal a row comes from) is read only when --map says so, by
 * the fixed normalised layout, or from `--source`; the import page offers no such choice.
 */
export const UNGUESSED: readonly Target[] = ['source'];

/** Our own target names as headers ('op_type', 'land_area_m2', 'type+op_type'): a file written in our terms. */
const OWN_NAMES = new Map<string, Target>(TARGETS.filter((t) => !UNGUESSED.includes(t)).map((t) => [normalizeText(t), t]));

/** Unit and qualifier words that may follow a header's name ('precio mxn', 'superficie m2', 'recamaras num'). */
const QUALIFIERS = new Set(['m2', 'm', 'mts', 'mt', 'mts2', 'mxn', 'usd', 'pesos', 'dolares', 'en', 'aprox', 'aproximado', 'aproximada', 'num', 'no', 'total', 'totales', 'cant', 'cantidad', 'de']);

/**
 * The target a header most likely holds (issue 10 "proposes a mapping … for every column it could guess"), or null.
 * Tries the normalised header in HEADER_SYNONYMS, then without trailing/leading unit and qualifier words ('Precio MXN'
 * → price, 'Superficie (m²)' → construction_area_m2), then a few word rules (any header with 'latitud' → lat, with
 * 'recamaras' → rooms…). Prices per m² and price estimates in another currency are never guessed as the price.
 */
export function guessTarget(header: string): Target | null {
  const words = normalizeHeader(header);
  if (words === '') return null;
  const exact = HEADER_SYNONYMS[words] ?? OWN_NAMES.get(words);
  if (exact) return exact;
  // prices per m², estimates, conversions and former prices are never the listing's price
  if (/\b(?:por|per|x) m2\b|\bm2 (?:price|precio)\b|\bprecio m2\b|\bprice m2\b|\b(?:aprox|approx|estimad)|\b(?:anterior|antes|original|previo|old)\b/.test(words)) return null;
  const tokens = words.split(' ');
  while (tokens.length > 1 && QUALIFIERS.has(tokens[tokens.length - 1] ?? '')) tokens.pop();
  while (tokens.length > 1 && QUALIFIERS.has(tokens[0] ?? '')) tokens.shift();
  const trimmed = HEADER_SYNONYMS[tokens.join(' ')];
  if (trimmed) return trimmed;
  return guessByWords(words);
}

/** Word rules for headers the table does not list, most specific first. */
function guessByWords(words: string): Target | null {
  const has = (re: RegExp) => re.test(words);
  if (has(/\blat(?:itud|itude)?\b/) && has(/\b(?:lng|lon|long|longitud|longitude)\b/)) return 'lat_lng';
  if (has(/\blat(?:itud|itude)?\b/)) return 'lat';
  if (has(/\b(?:lng|lon|longitud|longitude)\b/)) return 'lng';
  if (has(/\bmedios? banos?\b|\bhalf bath/)) return 'half_bathrooms';
  if (has(/\bbanos?\b|\bbath/)) return 'bathrooms';
  if (has(/\brecamaras?\b|\bhabitaciones\b|\bdormitorios\b|\bbedrooms?\b/)) return 'rooms';
  if (has(/\bestacionamientos?\b|\bcajon(?:es)?\b|\bparking\b|\bgarage\b/)) return 'parking_spots';
  if (has(/\bmantenimiento\b|\bmaintenance\b/)) return 'maintenance_fee';
  if (has(/\bterreno\b|\blot\b|\bland\b/)) return 'land_area_m2';
  if (has(/\bconstru(?:ccion|ida|idos)\b|\bcubierta\b|\bcovered\b|\bbuilt\b/)) return 'construction_area_m2';
  if (has(/\bprecio\b|\bprice\b/)) return 'price';
  if (has(/\bmoneda\b|\bcurrency\b/)) return 'currency';
  if (has(/\bcodigo postal\b|\bpostal\b|\bzip\b/)) return 'postal_code';
  if (has(/\bcolonia\b|\bneighbo/)) return 'colonia';
  if (has(/\bmunicipio\b|\balcaldia\b|\bdelegacion\b/)) return 'municipality';
  if (has(/\boperacion\b|\boperation\b/)) return 'op_type';
  if (has(/\btipo\b.*\b(?:inmueble|propiedad)\b|\bproperty type\b/)) return 'property_type';
  if (has(/\bfecha\b.*\bpublica|\bpublicad/)) return 'published_at';
  if (has(/\bamenidades\b|\bamenities\b/)) return 'amenities';
  if (has(/\bdireccion\b|\baddress\b/)) return 'address';
  return null;
}
