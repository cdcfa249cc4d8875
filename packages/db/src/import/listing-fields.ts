import { createHash } from 'node:crypto';
import { AMENITY_FLAGS, PROPERTY_TYPES, type AmenityFlag, type PropertyType } from '@nj/contracts';
import { IMPORT_MESSAGES as M, foldText } from '@nj/contracts';

/**
 * The facts of one listing as every layout reads them, before the importer adds our own ids, title and slug.
 * Prices in the listing's currency (MXN or USD), maintenance in MXN a month, areas in m², degrees WGS84.
 */
export type ListingFacts = {
  source: string;
  sourceId: string;
  opType: 'renta' | 'venta';
  propertyType: PropertyType;
  price: number;
  currency: 'mxn' | 'usd';
  maintenanceFee: number | null;
  landArea: number | null;
  constructionArea: number | null;
  rooms: number | null;
  bathrooms: number | null;
  halfBathrooms: number | null;
  parkingSpots: number | null;
  /** 'building' (En construcción), 'first_use' (A estrenar) or the age in years. */
  age: ListingAge | null;
  amenities: AmenityFlag[];
  street: string | null;
  colonia: string | null;
  municipality: string | null;
  state: string | null;
  lat: number;
  lng: number;
  /** ISO date (YYYY-MM-DD) or null when the source does not say. */
  publishedAt: string | null;
  /** Issue 10: how the point was found ('exact' = coordinates in the row; otherwise geocoded to that place's centre). */
  precision?: LocationPrecision;
  /** Issue 10: address parts besides street/colonia/municipality/state, when the source gives them. */
  exteriorNumber?: string | null;
  postalCode?: string | null;
  locality?: string | null;
  /** Issue 10: a construction year the source states directly (wins over `age`). */
  constructionYear?: number | null;
  /** Issue 10 `--keep-text`: the advertiser's own title, description and listing URL (kept only with that flag). */
  title?: string | null;
  description?: string | null;
  sourceUrl?: string | null;
};

/**
 * How precisely a listing's point is known (issue 10): `exact` when the row had coordinates, otherwise the kind of
 * place whose centre the geocoder used.
 */
export type LocationPrecision = 'exact' | 'colonia' | 'postal_code' | 'locality' | 'municipality';

/**
 * One row as a layout or a mapping reads it (issue 10), before geocoding: the listing's facts with the point possibly
 * missing (null) when the file has no coordinates. The importer geocodes it into ListingFacts or skips it.
 */
export type RowFacts = Omit<ListingFacts, 'lat' | 'lng'> & { lat: number | null; lng: number | null };
export type ListingAge = 'building' | 'first_use' | number;

/** Columns of our normalised layout (data/listings/demo-listings.csv.gz), in order. */
export const NORMALISED_COLUMNS = [
  'source', 'source_id', 'op_type', 'property_type', 'price', 'currency', 'maintenance_fee', 'land_area_m2',
  'construction_area_m2', 'rooms', 'bathrooms', 'half_bathrooms', 'parking_spots', 'age', 'amenities', 'street',
  'colonia', 'municipality', 'state', 'lat', 'lng', 'published_at',
] as const;
export type NormalisedColumn = (typeof NORMALISED_COLUMNS)[number];

/** A row that cannot be imported; `message` is the Spanish reason shown in the summary. */
export class RowError extends Error {}

/** Properati's placeholder point (the country centroid), used when a listing had no real location. */
export const DEFAULT_POINT = { lat: 23.634501, lng: -102.552788 };
/** A generous box around Mexico (degrees). Finer checks (point in a state) belong to the data derivation. */
export const MEXICO_BOX = { minLat: 14.3, maxLat: 32.9, minLng: -118.7, maxLng: -86.4 };

/** Lower-cases, strips accents and collapses everything that is not a letter or digit to one space (foldText). */
export function normalizeText(text: string): string {
  return foldText(text);
}

/** Empty or whitespace-only text → null, otherwise the trimmed text with inner whitespace collapsed. */
export function cleanText(value: string | undefined | null): string | null {
  const t = (value ?? '').replace(/\s+/g, ' ').trim();
  return t === '' ? null : t;
}

/**
 * Reads a number written as '23,650', '1,234.5', '$67,965.56', '83 m²', '2.0' or '4 rec.'. Returns null for empty
 * text; throws RowError naming `field` when there is text but no number.
 */
export function parseNumberText(value: string | undefined, field: string): number | null {
  const t = (value ?? '').trim();
  if (t === '') return null;
  const m = /-?\d[\d,]*(?:\.\d+)?/.exec(t);
  if (!m) throw new RowError(M.badNumber(field, t));
  const n = Number.parseFloat(m[0].replace(/,/g, ''));
  if (!Number.isFinite(n)) throw new RowError(M.badNumber(field, t));
  return n;
}

/** Like parseNumberText but for counts (rooms, bathrooms…): a whole number 0–999, else RowError. */
export function parseCount(value: string | undefined, field: string): number | null {
  const n = parseNumberText(value, field);
  if (n === null) return null;
  if (n < 0 || n > 999) throw new RowError(M.badNumber(field, String(value)));
  return Math.round(n);
}

/** An area in m² ('83m²', '778 m² lote', '140.0'); 0 or less is treated as unknown (null). */
export function parseArea(value: string | undefined, field: string): number | null {
  const n = parseNumberText(value, field);
  if (n === null || n <= 0) return null;
  return n;
}

/**
 * Reads the age of a building: 'A estrenar' → 'first_use', 'En construcción' → 'building', '18 años' / '18' →
 * 18, and the spec values 'first_use' / 'building'. A year written as an age ('2021 años') becomes
 * `referenceYear` − year when given, else null. Empty → null; anything else → RowError.
 */
export function parseAge(value: string | undefined, referenceYear?: number): ListingAge | null {
  const t = normalizeText(value ?? '');
  if (t === '') return null;
  if (t === 'first use' || t.includes('estrenar')) return 'first_use';
  if (t === 'building' || t.includes('construccion') || t.includes('preventa')) return 'building';
  const m = /^(\d{1,4})( anos?| ano)?$/.exec(t);
  if (m?.[1] !== undefined) {
    const n = Number.parseInt(m[1], 10);
    if (n <= 300) return n;
    // Some advertisers write the year built where the age goes ('2021 años').
    if (referenceYear && n >= 1800 && n <= referenceYear) return referenceYear - n;
    return null;
  }
  throw new RowError(M.badNumber('age', String(value)));
}

/** 'renta', 'rent', 'venta', 'sale', 'sell' (any case) → 'renta' | 'venta'; else RowError. */
export function parseOpType(value: string | undefined): 'renta' | 'venta' {
  const t = normalizeText(value ?? '');
  if (t === 'renta' || t === 'rent' || t === 'alquiler') return 'renta';
  if (t === 'venta' || t === 'sale' || t === 'sell') return 'venta';
  throw new RowError(M.badOperation(value ?? ''));
}

const TYPE_WORDS: Record<string, PropertyType> = {
  casa: 'house', 'casa en condominio': 'house', 'casa en condominio horizontal': 'house', house: 'house',
  departamento: 'apartment', depto: 'apartment', apartment: 'apartment', ph: 'apartment', penthouse: 'apartment',
  loft: 'apartment', 'terreno lote': 'land', terreno: 'land', lote: 'land', land: 'land',
  'local comercial': 'local_comercial', local: 'local_comercial', store: 'local_comercial',
  'local en centro comercial': 'local_en_centro_comercial', oficina: 'oficina', office: 'oficina',
  bodega: 'bodega_comercial', 'bodega comercial': 'bodega_comercial', 'bodega industrial': 'bodega_industrial',
  'nave industrial': 'nave_industrial', edificio: 'edificio', rancho: 'ranch', huerta: 'huerta',
  'terreno comercial': 'terreno_comercial', 'terreno industrial': 'terreno_industrial',
  'casa con uso de suelo': 'casa_con_uso_de_suelo',
};

/**
 * Maps a source's property type (Inmuebles24 'Casa', 'Casa en condominio', 'Departamento', 'Terreno / Lote',
 * 'Local comercial', 'Oficina'; Properati 'apartment', 'PH', 'house', 'store'; or a spec value) to a spec type
 * (spec 01 §3 "Property types"). Throws RowError for anything else.
 */
export function parsePropertyType(value: string | undefined): PropertyType {
  const raw = (value ?? '').trim();
  if ((PROPERTY_TYPES as readonly string[]).includes(raw)) return raw as PropertyType;
  const t = normalizeText(raw);
  const found = TYPE_WORDS[t];
  if (!found) throw new RowError(M.badPropertyType(raw));
  return found;
}

/** True for the Inmuebles24 type 'Casa en condominio' (the listing then carries the is_condo flag). */
export function isCondoType(value: string | undefined): boolean {
  return normalizeText(value ?? '').includes('condominio');
}

/** 'MXN', 'MN', '$', 'pesos' → 'mxn'; 'USD', 'US$', 'dólares' → 'usd'; empty → 'mxn'; else RowError. */
export function parseCurrency(value: string | undefined): 'mxn' | 'usd' {
  const t = normalizeText(value ?? '');
  if (t === '' || t === 'mxn' || t === 'mn' || t === 'pesos' || t === 'mxp') return 'mxn';
  if (t === 'usd' || t === 'us' || t === 'dolares' || t === 'u s') return 'usd';
  throw new RowError(M.badCurrency(value ?? ''));
}

/** A price: a positive finite number, else RowError. */
export function parsePrice(value: string | undefined): number {
  const n = (() => {
    try {
      return parseNumberText(value, 'price');
    } catch {
      return null;
    }
  })();
  if (n === null || !(n > 0) || n > 1e13) throw new RowError(M.badPrice(value ?? ''));
  return n;
}

/**
 * Reads the raw Inmuebles24 price text 'rentaMN 23,650' / 'ventaUSD 250,000' / 'venta MN 1,000,000' into
 * operation, currency and amount. Throws RowError when no amount is given ('Precio a consultar').
 */
export function parseInmuebles24Price(value: string | undefined): { opType: 'renta' | 'venta'; currency: 'mxn' | 'usd'; price: number } {
  const t = (value ?? '').trim();
  const m = /^(renta|venta)\s*(MN|USD|U\$S|US\$)?\s*([\d.,]+)/i.exec(t);
  if (!m?.[1] || !m[3]) throw new RowError(M.badPrice(t));
  const currency = m[2] && /^U/i.test(m[2]) ? 'usd' : 'mxn';
  return { opType: parseOpType(m[1]), currency, price: parsePrice(m[3]) };
}

/** lat, lng from a Google static-map URL's `center=LAT,LNG` (Inmuebles24 `ubicacion_url`); null if absent. */
export function latLngFromStaticMapUrl(url: string | undefined): { lat: number; lng: number } | null {
  const m = /[?&]center=(-?\d+(?:\.\d+)?)(?:,|%2C)(-?\d+(?:\.\d+)?)/i.exec(url ?? '');
  if (!m?.[1] || !m[2]) return null;
  return { lat: Number.parseFloat(m[1]), lng: Number.parseFloat(m[2]) };
}

/** Reads 'lat,lng' text (Properati `lat-lon`); null when empty or unreadable. */
export function parseLatLngPair(value: string | undefined): { lat: number; lng: number } | null {
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(value ?? '');
  if (!m?.[1] || !m[2]) return null;
  return { lat: Number.parseFloat(m[1]), lng: Number.parseFloat(m[2]) };
}

/**
 * Checks a point: present, not Properati's placeholder, inside the box around Mexico. Returns the point rounded
 * to 6 decimals (~0.1 m) or throws RowError with the reason.
 */
export function checkPoint(lat: number | null | undefined, lng: number | null | undefined): { lat: number; lng: number } {
  if (lat === null || lat === undefined || lng === null || lng === undefined || !Number.isFinite(lat) || !Number.isFinite(lng)) {
    throw new RowError(M.missingCoordinates);
  }
  if (Math.abs(lat - DEFAULT_POINT.lat) < 1e-5 && Math.abs(lng - DEFAULT_POINT.lng) < 1e-5) throw new RowError(M.defaultCoordinates);
  if (lat < MEXICO_BOX.minLat || lat > MEXICO_BOX.maxLat || lng < MEXICO_BOX.minLng || lng > MEXICO_BOX.maxLng) {
    throw new RowError(M.outsideMexico);
  }
  return { lat: Math.round(lat * 1e6) / 1e6, lng: Math.round(lng * 1e6) / 1e6 };
}

/**
 * Days since publication from Inmuebles24's 'Publicado hace 24 días' / 'Publicado hoy' / 'Publicado desde ayer' /
 * 'Publicado hace más de 1 año' (read as 366 days). Null when the text says nothing usable.
 */
export function parseDaysAgo(value: string | undefined): number | null {
  const t = normalizeText(value ?? '');
  if (t === '') return null;
  if (t.includes('hoy')) return 0;
  if (t.includes('ayer')) return 1;
  const years = /mas de (\d+) ano/.exec(t);
  if (years?.[1]) return Number.parseInt(years[1], 10) * 366;
  const m = /hace (\d+) (dia|mes|ano|semana)/.exec(t);
  if (!m?.[1] || !m[2]) return null;
  const n = Number.parseInt(m[1], 10);
  return m[2] === 'dia' ? n : m[2] === 'semana' ? n * 7 : m[2] === 'mes' ? n * 30 : n * 365;
}

const MONTHS_ES: Record<string, number> = {
  ene: 1, feb: 2, mar: 3, abr: 4, may: 5, jun: 6, jul: 7, ago: 8, sep: 9, oct: 10, nov: 11, dic: 12,
};

/**
 * The scrape date of an Inmuebles24 row as an ISO date on the 15th of the month (the files give only the month):
 * 'sep-25' → '2025-09-15', '2025-09' → '2025-09-15', file names with 'Abr25' → '2025-04-15'. Null if unreadable.
 */
export function parseScrapeMonth(value: string | undefined): string | null {
  const t = (value ?? '').trim().toLowerCase();
  let year: number | undefined;
  let month: number | undefined;
  const iso = /^(\d{4})-(\d{2})/.exec(t);
  const es = /(ene|feb|mar|abr|may|jun|jul|ago|sep|oct|nov|dic)[a-z]*[-_ ]?(\d{2})(?!\d)/.exec(t);
  if (iso?.[1] && iso[2]) {
    year = Number.parseInt(iso[1], 10);
    month = Number.parseInt(iso[2], 10);
  } else if (es?.[1] && es[2]) {
    year = 2000 + Number.parseInt(es[2], 10);
    month = MONTHS_ES[es[1]];
  }
  if (!year || !month) return null;
  return `${year}-${String(month).padStart(2, '0')}-15`;
}

/** `isoDate` minus `days`, as an ISO date. */
export function minusDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/** Reads an ISO date or timestamp ('2025-09-01', '2025-09-01T10:00:00Z'); empty → null; else RowError. */
export function parseIsoDate(value: string | undefined): string | null {
  const t = (value ?? '').trim();
  if (t === '') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(t);
  if (!m || Number.isNaN(Date.parse(`${m[0]}T00:00:00Z`))) throw new RowError(M.badDate(t));
  return m[0];
}

/**
 * Amenity keywords of Inmuebles24's 'Características generales', 'Servicios', 'Amenidades' and 'Exteriores' lists
 * (normalised, matched at the start of each ';'-separated item) → spec amenity flags (spec 01 §3). Items with no
 * spec equivalent (Elevador, Closets, Escuelas cercanas…) are not listed.
 */
const AMENITY_KEYWORDS: [string, AmenityFlag][] = [
  ['alberca', 'pool'], ['piscina', 'pool'], ['gimnasio', 'gym'], ['gym', 'gym'], ['amueblado', 'is_amueblada'],
  ['amueblada', 'is_amueblada'], ['mascotas', 'pet_friendly'], ['pet friendly', 'pet_friendly'],
  ['seguridad privada', 'security_247'], ['seguridad 24', 'security_247'], ['vigilancia', 'security_247'],
  ['circuito cerrado', 'security_247'], ['caseta de guardia', 'controlled_access_entry'],
  ['acceso controlado', 'controlled_access_entry'], ['roof garden', 'rooftop_terrace'], ['roof top', 'rooftop_terrace'],
  ['rooftop', 'rooftop_terrace'], ['jardin', 'garden'], ['aire acondicionado', 'aircon'], ['clima', 'aircon'],
  ['cocina integral', 'integral_kitchen'], ['jacuzzi', 'jacuzzi'], ['tina', 'bathtub'],
  ['salon de usos multiples', 'clubhouse'], ['salon de fiestas', 'clubhouse'], ['area de eventos', 'clubhouse'],
  ['casa club', 'clubhouse'], ['area de juegos infantiles', 'kids_playground'], ['patio de juegos', 'kids_playground'],
  ['juegos infantiles', 'kids_playground'], ['acceso discapacitados', 'accessibility_features'],
  ['acceso tercera edad', 'accessibility_features'], ['area de lavanderia', 'laundry_facilities'],
  ['lavanderia', 'laundry_facilities'], ['cuarto de lavado', 'washing_room'], ['internet wifi', 'wifi_common_areas'],
  ['espacio de co working', 'coworking'], ['coworking', 'coworking'], ['business center', 'business_center'],
  ['cuartos de servicio', 'service_room'], ['cuarto de servicio', 'service_room'], ['bodega', 'storage_unit'],
  ['asador', 'outdoor_bbq_area'], ['cancha de tenis', 'tennis_court'], ['cancha de padel', 'padel_court'],
  ['cancha de futbol', 'soccer_court'], ['sauna', 'sauna'], ['vapor', 'sauna'], ['estacionamientos', 'parking'],
  ['estacionamiento de visitas', 'guests_parking'], ['terraza', 'private_patio'], ['patio', 'private_patio'],
  ['balcon', 'private_balcony'], ['portero', 'concierge'], ['conserje', 'concierge'], ['lobby', 'lobby'],
  ['seguridad contra incendios', 'fire_extinguisher'], ['areas verdes', 'green_areas'], ['area verde', 'green_areas'],
  ['vestidor', 'walk_in_closets'], ['walk in closet', 'walk_in_closets'], ['pet park', 'pet_park'],
  ['carga de autos electricos', 'ev_charging_stations'], ['estacionamiento para bicicletas', 'bike_parking'],
];

/**
 * Spec amenity flags found in free lists of features ('Alberca; Gimnasio; Elevador : 2'), in the spec's order.
 * Each item is matched by its start, so 'Jardín Privado' → garden and 'Elevador : 2' → nothing.
 */
export function amenitiesFromFeatures(lists: (string | undefined)[]): AmenityFlag[] {
  const found = new Set<AmenityFlag>();
  for (const list of lists) {
    for (const item of (list ?? '').split(/[;|]/)) {
      const t = normalizeText(item.replace(/&[a-z]+;/gi, ' '));
      if (!t) continue;
      // 'seguridad contra incendios' must not read as security_247: longest keyword wins.
      let best: [string, AmenityFlag] | undefined;
      for (const kw of AMENITY_KEYWORDS) {
        if ((t === kw[0] || t.startsWith(`${kw[0]} `)) && (!best || kw[0].length > best[0].length)) best = kw;
      }
      if (best) found.add(best[1]);
    }
  }
  return AMENITY_FLAGS.filter((f) => found.has(f));
}

/** Reads our ';'-separated flag list, keeping only spec flags (unknown words are dropped). */
export function parseAmenityList(value: string | undefined): AmenityFlag[] {
  const words = new Set((value ?? '').split(/[;,|]/).map((w) => w.trim()).filter(Boolean));
  return AMENITY_FLAGS.filter((f) => words.has(f));
}

/** A short stable id: the first 20 hex digits of the SHA-1 of the parts joined by a newline. */
export function stableHash(...parts: string[]): string {
  return createHash('sha1').update(parts.join('\n')).digest('hex').slice(0, 20);
}
