import { MX_STATES, type AmenityFlag } from '@nj/contracts';
// The file, not the index: the error class sits in contracts so the database package needs nothing from core.
import { AppError } from '@nj/contracts/common/app-error';
import { IMPORT_MESSAGES as M } from '@nj/contracts';
import {
  NORMALISED_COLUMNS, RowError, amenitiesFromFeatures, checkPoint, cleanText, isCondoType, latLngFromStaticMapUrl,
  minusDays, normalizeText, parseAge, parseAmenityList, parseArea, parseCount, parseCurrency, parseDaysAgo,
  parseInmuebles24Price, parseIsoDate, parseLatLngPair, parseNumberText, parseOpType, parsePrice, parsePropertyType,
  parseScrapeMonth, stableHash, type ListingFacts,
} from './listing-fields.ts';

/** What a layout's parser gets besides the row: where it comes from, to build stable ids. */
export type RowContext = {
  /** File name without folders and without '.gz' (stable across machines). */
  fileName: string;
  /** The row's CSV text exactly as in the file. */
  rawLine: string;
  /** `--source NAME`: overrides the source the layout would give. */
  source?: string | undefined;
};

/** One CSV layout the importer recognises by its header. */
export type Layout = {
  name: 'normalised' | 'inmuebles24_raw' | 'inmuebles24_normalised' | 'properati_city' | 'properati_national_state'
    | 'properati_national_places' | 'mapped';
  /** Columns that must all be present. */
  required: readonly string[];
  /** Every column the layout reads or knowingly ignores. */
  known: readonly string[];
  /** Reads one row (header names → cell text) or throws RowError with the Spanish reason. */
  parse(row: Record<string, string>, ctx: RowContext): ListingFacts;
};

const INMUEBLES24_RAW_COLUMNS = [
  'id', 'PaginaWeb', 'Ciudad', 'Fecha Scrap', 'tipo_propiedad', 'area_m2', 'recamaras', 'estacionamientos', 'operacion',
  'precio', 'mantenimiento', 'direccion', 'ubicacion_url', 'titulo', 'descripcion', 'anunciante', 'codigo_anunciante',
  'codigo_inmuebles24', 'tiempo_publicacion', 'area_total', 'area_cubierta', 'banos_icon', 'estacionamientos_icon',
  'recamaras_icon', 'medio_banos_icon', 'antiguedad_icon', 'Características generales', 'Servicios', 'Amenidades',
  'Exteriores', 'url_original',
];
const INMUEBLES24_NORMALISED_COLUMNS = [
  'fuente', 'codigo_inmuebles24', 'operacion', 'tipo_propiedad', 'precio', 'moneda', 'mantenimiento_mxn',
  'superficie_total_m2', 'superficie_construida_m2', 'recamaras', 'banos', 'medios_banos', 'estacionamientos',
  'antiguedad', 'calle', 'colonia', 'municipio', 'estado', 'lat', 'lon', 'titulo', 'descripcion', 'anunciante',
  'caracteristicas', 'servicios', 'amenidades', 'exteriores', 'publicado_hace', 'fecha_scrap', 'archivo_origen',
  'calidad_flags',
];
const PROPERATI_CITY_COLUMNS = [
  'operation', 'property_type', 'place_with_parent_names', 'lat-lon', 'price', 'currency', 'price_aprox_local_currency',
  'price_aprox_usd', 'surface_total_in_m2', 'surface_covered_in_m2', 'price_usd_per_m2', 'price_per_m2', 'floor',
  'rooms', 'expenses', 'properati_url',
];

const STATE_ALIASES: Record<string, string> = {
  'distrito federal': 'Ciudad de México', df: 'Ciudad de México', cdmx: 'Ciudad de México',
  'ciudad de mexico': 'Ciudad de México', mexico: 'Estado de México', 'estado de mexico': 'Estado de México',
  coahuila: 'Coahuila de Zaragoza', michoacan: 'Michoacán de Ocampo', veracruz: 'Veracruz de Ignacio de la Llave',
};

/**
 * A state's long name as the spec and INEGI write it ('Distrito Federal' → 'Ciudad de México', 'México' → 'Estado de
 * México', 'Veracruz' → 'Veracruz de Ignacio de la Llave'). Unknown names come back cleaned but unchanged.
 */
export function canonicalStateName(value: string | undefined | null): string | null {
  const text = cleanText(value);
  if (!text) return null;
  const n = normalizeText(text);
  const alias = STATE_ALIASES[n];
  if (alias) return alias;
  return MX_STATES.find((s) => normalizeText(s.name) === n)?.name ?? text;
}

/** Drops the words advertisers put before a colonia name ('Fraccionamiento', 'Col.', 'Colonia'). */
export function cleanColonia(value: string | undefined | null): string | null {
  const text = cleanText(value);
  if (!text) return null;
  const stripped = text.replace(/^(fraccionamiento|fracc\.?|colonia|col\.?)\s+/i, '').trim();
  return stripped === '' ? text : stripped;
}

function withCondo(amenities: AmenityFlag[], typeText: string | undefined): AmenityFlag[] {
  if (!isCondoType(typeText) || amenities.includes('is_condo')) return amenities;
  return parseAmenityList([...amenities, 'is_condo'].join(';'));
}

/** 'calle,  colonia, municipio' → its parts (the scraper's `direccion`). */
function splitAddress(direccion: string | undefined): { street: string | null; colonia: string | null; municipality: string | null } {
  const parts = (direccion ?? '').split(',').map((p) => p.trim()).filter(Boolean);
  if (parts.length === 0) return { street: null, colonia: null, municipality: null };
  if (parts.length === 1) return { street: null, colonia: null, municipality: cleanText(parts[0]) };
  const municipality = cleanText(parts[parts.length - 1]);
  const colonia = cleanColonia(parts[parts.length - 2]);
  const street = cleanText(parts.slice(0, -2).join(', '));
  return { street, colonia, municipality };
}

/** Inmuebles24 `calle` sometimes repeats the municipality at its end ('José María Heredia, Guadalajara'). */
function cleanStreet(street: string | undefined, municipality: string | null): string | null {
  let text = cleanText(street);
  if (text && municipality) {
    const suffix = new RegExp(`,\\s*${municipality.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`, 'i');
    text = cleanText(text.replace(suffix, ''));
  }
  return text;
}

function inmuebles24Id(code: string | undefined, opType: string, ctx: RowContext): string {
  const c = (code ?? '').trim();
  return /^\d+$/.test(c) ? `${c}-${opType}` : `h${stableHash(ctx.fileName, ctx.rawLine)}`;
}

/** Our own layout (data/listings/demo-listings.csv.gz). With `lenient`, any column but the essentials may be absent. */
function parseNormalised(row: Record<string, string>, ctx: RowContext): ListingFacts {
  const point = checkPoint(parseNumberText(row.lat, 'lat'), parseNumberText(row.lng, 'lng'));
  const source = ctx.source ?? cleanText(row.source) ?? 'import';
  return {
    source,
    sourceId: cleanText(row.source_id) ?? `h${stableHash(ctx.fileName, ctx.rawLine)}`,
    opType: parseOpType(row.op_type),
    propertyType: parsePropertyType(row.property_type),
    price: parsePrice(row.price),
    currency: parseCurrency(row.currency),
    maintenanceFee: parseNumberText(row.maintenance_fee, 'maintenance_fee'),
    landArea: parseArea(row.land_area_m2, 'land_area_m2'),
    constructionArea: parseArea(row.construction_area_m2, 'construction_area_m2'),
    rooms: parseCount(row.rooms, 'rooms'),
    bathrooms: parseCount(row.bathrooms, 'bathrooms'),
    halfBathrooms: parseCount(row.half_bathrooms, 'half_bathrooms'),
    parkingSpots: parseCount(row.parking_spots, 'parking_spots'),
    age: parseAge(row.age),
    amenities: parseAmenityList(row.amenities),
    street: cleanText(row.street),
    colonia: cleanText(row.colonia),
    municipality: cleanText(row.municipality),
    state: canonicalStateName(row.state),
    ...point,
    publishedAt: parseIsoDate(row.published_at),
  };
}

function parseInmuebles24Raw(row: Record<string, string>, ctx: RowContext): ListingFacts {
  const { opType, currency, price } = parseInmuebles24Price(row.precio);
  const at = latLngFromStaticMapUrl(row.ubicacion_url);
  const point = checkPoint(at?.lat, at?.lng);
  const address = splitAddress(row.direccion);
  const scraped = parseScrapeMonth(row['Fecha Scrap']) ?? parseScrapeMonth(ctx.fileName);
  const days = parseDaysAgo(row.tiempo_publicacion);
  const maintenance = /USD/i.test(row.mantenimiento ?? '') ? null : parseNumberText(row.mantenimiento, 'mantenimiento');
  return {
    source: ctx.source ?? 'inmuebles24',
    sourceId: inmuebles24Id(row.codigo_inmuebles24, opType, ctx),
    opType,
    propertyType: parsePropertyType(row.tipo_propiedad),
    price,
    currency,
    maintenanceFee: maintenance,
    landArea: parseArea(row.area_total, 'area_total'),
    constructionArea: parseArea(row.area_cubierta, 'area_cubierta') ?? parseArea(row.area_m2, 'area_m2'),
    rooms: parseCount(row.recamaras_icon, 'recamaras_icon') ?? parseCount(row.recamaras, 'recamaras'),
    bathrooms: parseCount(row.banos_icon, 'banos_icon'),
    halfBathrooms: parseCount(row.medio_banos_icon, 'medio_banos_icon'),
    parkingSpots: parseCount(row.estacionamientos_icon, 'estacionamientos_icon') ?? parseCount(row.estacionamientos, 'estacionamientos'),
    age: parseAge(row.antiguedad_icon, scraped ? Number(scraped.slice(0, 4)) : undefined),
    amenities: withCondo(
      amenitiesFromFeatures([row['Características generales'], row.Servicios, row.Amenidades, row.Exteriores]),
      row.tipo_propiedad,
    ),
    street: address.street,
    colonia: address.colonia,
    municipality: address.municipality,
    state: null,
    ...point,
    publishedAt: scraped && days !== null ? minusDays(scraped, days) : scraped,
  };
}

function parseInmuebles24Normalised(row: Record<string, string>, ctx: RowContext): ListingFacts {
  if (/precio_\w*sospechoso/.test(row.calidad_flags ?? '')) throw new RowError(M.suspiciousPrice);
  const opType = parseOpType(row.operacion);
  const point = checkPoint(parseNumberText(row.lat, 'lat'), parseNumberText(row.lon, 'lon'));
  const municipality = cleanText(row.municipio);
  // fecha_scrap says 2025-09 for every row; the source file's name keeps the real crawl month (Abr25, May25…).
  const scraped = parseScrapeMonth(row.archivo_origen) ?? parseScrapeMonth(row.fecha_scrap);
  const days = parseDaysAgo(row.publicado_hace);
  return {
    source: ctx.source ?? 'inmuebles24',
    sourceId: inmuebles24Id(row.codigo_inmuebles24, opType, ctx),
    opType,
    propertyType: parsePropertyType(row.tipo_propiedad),
    price: parsePrice(row.precio),
    currency: parseCurrency(row.moneda),
    maintenanceFee: parseNumberText(row.mantenimiento_mxn, 'mantenimiento_mxn'),
    landArea: parseArea(row.superficie_total_m2, 'superficie_total_m2'),
    constructionArea: parseArea(row.superficie_construida_m2, 'superficie_construida_m2'),
    rooms: parseCount(row.recamaras, 'recamaras'),
    bathrooms: parseCount(row.banos, 'banos'),
    halfBathrooms: parseCount(row.medios_banos, 'medios_banos'),
    parkingSpots: parseCount(row.estacionamientos, 'estacionamientos'),
    age: parseAge(row.antiguedad, scraped ? Number(scraped.slice(0, 4)) : undefined),
    amenities: withCondo(
      amenitiesFromFeatures([row.caracteristicas, row.servicios, row.amenidades, row.exteriores]),
      row.tipo_propiedad,
    ),
    street: cleanStreet(row.calle, municipality),
    colonia: cleanColonia(row.colonia),
    municipality,
    state: canonicalStateName(row.estado),
    ...point,
    publishedAt: scraped && days !== null ? minusDays(scraped, days) : scraped,
  };
}

/** '|Miguel Hidalgo|Distrito Federal|México|' or '|México|Distrito Federal|Gustavo A. Madero|Acueducto…|' → parts. */
export function splitProperatiPlace(value: string | undefined): { colonia: string | null; municipality: string | null; state: string | null } {
  const parts = (value ?? '').split('|').map((p) => p.trim()).filter(Boolean);
  if (parts[0] === 'México') {
    // country-first order: |México|estado|municipio|…|colonia|
    const [, state, municipality, ...rest] = parts;
    return { state: canonicalStateName(state), municipality: cleanText(municipality), colonia: cleanText(rest[rest.length - 1]) };
  }
  // place-first order: |[ciudad|]municipio|estado|México| — a leading city (Cancún) is not a colonia.
  const withoutCountry = parts[parts.length - 1] === 'México' ? parts.slice(0, -1) : parts;
  const state = withoutCountry[withoutCountry.length - 1];
  const municipality = withoutCountry.length >= 2 ? withoutCountry[withoutCountry.length - 2] : undefined;
  return { state: canonicalStateName(state), municipality: cleanText(municipality), colonia: null };
}

function parseProperatiCity(row: Record<string, string>, ctx: RowContext): ListingFacts {
  const opType = parseOpType(row.operation);
  const ll = parseLatLngPair(row['lat-lon']);
  const point = checkPoint(ll?.lat, ll?.lng);
  const currencyText = (row.currency ?? '').trim().toUpperCase();
  let price: number;
  let currency: 'mxn' | 'usd';
  if (currencyText === 'MXN' || currencyText === 'USD') {
    price = parsePrice(row.price);
    currency = parseCurrency(currencyText);
  } else {
    // Missing or foreign currency: Properati's own MXN estimate is the price we can stand behind.
    if (!cleanText(row.price_aprox_local_currency)) throw new RowError(currencyText ? M.badCurrency(currencyText) : M.badPrice(row.price ?? ''));
    price = parsePrice(row.price_aprox_local_currency);
    currency = 'mxn';
  }
  const place = splitProperatiPlace(row.place_with_parent_names);
  const expenses = parseNumberText(row.expenses, 'expenses');
  return {
    source: ctx.source ?? 'properati',
    sourceId: stableHash(ctx.fileName, ctx.rawLine),
    opType,
    propertyType: parsePropertyType(row.property_type),
    price,
    currency,
    maintenanceFee: expenses && expenses > 0 ? expenses : null,
    landArea: parseArea(row.surface_total_in_m2, 'surface_total_in_m2'),
    constructionArea: parseArea(row.surface_covered_in_m2, 'surface_covered_in_m2'),
    rooms: parseCount(row.rooms, 'rooms'),
    bathrooms: null,
    halfBathrooms: null,
    parkingSpots: null,
    age: null,
    amenities: [],
    street: null,
    colonia: place.colonia,
    municipality: place.municipality,
    state: place.state,
    ...point,
    publishedAt: null,
  };
}

function parseProperatiNational(row: Record<string, string>, ctx: RowContext): ListingFacts {
  const hasPair = row['lat-lon'] !== undefined;
  const ll = hasPair ? parseLatLngPair(row['lat-lon']) : { lat: parseNumberText(row.lat, 'lat'), lng: parseNumberText(row.lon, 'lon') };
  const point = checkPoint(ll?.lat, ll?.lng);
  const usd = row.price_usd !== undefined;
  const place = row.place_with_parent_names !== undefined
    ? splitProperatiPlace(row.place_with_parent_names)
    : { colonia: null, municipality: null, state: canonicalStateName(row.state) };
  return {
    source: ctx.source ?? 'properati',
    sourceId: stableHash(ctx.fileName, ctx.rawLine),
    opType: 'venta',
    propertyType: parsePropertyType(row.property_type),
    price: parsePrice(usd ? row.price_usd : row.price_mxn),
    currency: usd ? 'usd' : 'mxn',
    maintenanceFee: null,
    landArea: null,
    constructionArea: parseArea(row.area_m2, 'area_m2'),
    rooms: null,
    bathrooms: null,
    halfBathrooms: null,
    parkingSpots: null,
    age: null,
    amenities: [],
    street: null,
    colonia: place.colonia,
    municipality: place.municipality,
    state: place.state,
    ...point,
    publishedAt: null,
  };
}

/** The layouts the importer recognises, most specific first. */
export const LAYOUTS: Layout[] = [
  { name: 'normalised', required: NORMALISED_COLUMNS, known: NORMALISED_COLUMNS, parse: parseNormalised },
  {
    name: 'inmuebles24_raw',
    required: ['Fecha Scrap', 'tipo_propiedad', 'precio', 'direccion', 'ubicacion_url', 'codigo_inmuebles24', 'tiempo_publicacion'],
    known: INMUEBLES24_RAW_COLUMNS,
    parse: parseInmuebles24Raw,
  },
  {
    name: 'inmuebles24_normalised',
    required: ['codigo_inmuebles24', 'operacion', 'tipo_propiedad', 'precio', 'moneda', 'lat', 'lon', 'publicado_hace'],
    known: INMUEBLES24_NORMALISED_COLUMNS,
    parse: parseInmuebles24Normalised,
  },
  {
    name: 'properati_city',
    required: ['operation', 'property_type', 'place_with_parent_names', 'lat-lon', 'price', 'currency', 'properati_url'],
    known: PROPERATI_CITY_COLUMNS,
    parse: parseProperatiCity,
  },
  {
    name: 'properati_national_state',
    required: ['property_type', 'state', 'lat', 'lon', 'area_m2'],
    known: ['property_type', 'state', 'lat', 'lon', 'area_m2', 'price_usd', 'price_mxn'],
    parse: parseProperatiNational,
  },
  {
    name: 'properati_national_places',
    required: ['property_type', 'place_with_parent_names', 'lat-lon', 'area_m2', 'price_usd'],
    known: ['property_type', 'place_with_parent_names', 'lat-lon', 'area_m2', 'price_usd'],
    parse: parseProperatiNational,
  },
];

/** Fields `--map` may point a column at: our normalised columns (see NORMALISED_COLUMNS). */
export const MAP_FIELDS: readonly string[] = NORMALISED_COLUMNS;
const MAP_IGNORE = new Set(['ignorar', 'ignore', '-']);
const MAPPED_REQUIRED = ['op_type', 'property_type', 'price', 'lat', 'lng'];

/**
 * Reads `--map a=price,b=lat` into { a: 'price', b: 'lat' }. Throws AppError BAD_REQUEST with a Spanish message for a malformed
 * entry or an unknown field.
 */
export function parseMapOption(text: string | undefined): Record<string, string> {
  const map: Record<string, string> = {};
  if (!text) return map;
  for (const entry of text.split(',').map((e) => e.trim()).filter(Boolean)) {
    const eq = entry.lastIndexOf('=');
    if (eq <= 0 || eq === entry.length - 1) throw new AppError('BAD_REQUEST', M.badMapEntry(entry));
    const column = entry.slice(0, eq).trim();
    const field = entry.slice(eq + 1).trim();
    if (!MAP_FIELDS.includes(field) && !MAP_IGNORE.has(field)) throw new AppError('BAD_REQUEST', M.badMapField(field, [...MAP_FIELDS]));
    map[column] = MAP_IGNORE.has(field) ? '' : field;
  }
  return map;
}

export type DetectedLayout = {
  layout: Layout;
  /** The header names rows are keyed by (after --map renames; '' for ignored columns). */
  columns: string[];
};

/**
 * Recognises a CSV layout from its header. A layout matches when its required columns are all there and every
 * other non-empty column is one it knows. Otherwise, with `map` (source column → our field), the renamed header is
 * read as our normalised layout with only op_type, property_type, price, lat and lng required.
 * Throws AppError BAD_REQUEST with the Spanish refusal naming the columns nobody recognised (or the fields still missing).
 */
export function detectLayout(header: string[], map: Record<string, string> = {}): DetectedLayout {
  const names = header.map((h) => h.replace(/^\uFEFF/, '').trim());
  const present = new Set(names.filter(Boolean));
  let best: { layout: Layout; unknown: string[] } | undefined;
  for (const layout of LAYOUTS) {
    if (!layout.required.every((c) => present.has(c))) continue;
    const unknown = [...present].filter((c) => !layout.known.includes(c));
    if (unknown.length === 0) return { layout, columns: names };
    if (!best || unknown.length < best.unknown.length) best = { layout, unknown };
  }
  const mapped = names.map((n) => (n in map ? (map[n] ?? '') : n));
  const unrecognised = names.filter((n, i) => n !== '' && mapped[i] !== '' && !MAP_FIELDS.includes(mapped[i] ?? ''));
  if (Object.keys(map).length > 0 && unrecognised.length === 0) {
    const missing = MAPPED_REQUIRED.filter((f) => !mapped.includes(f));
    if (missing.length > 0) throw new AppError('BAD_REQUEST', M.missingMappedFields(missing));
    return {
      layout: { name: 'mapped', required: MAPPED_REQUIRED, known: MAP_FIELDS, parse: parseNormalised },
      columns: mapped,
    };
  }
  const named = Object.keys(map).length > 0 || !best ? unrecognised : best.unknown;
  throw new AppError('BAD_REQUEST', M.unknownLayout(named.length > 0 ? named : names, [...MAP_FIELDS]));
}
