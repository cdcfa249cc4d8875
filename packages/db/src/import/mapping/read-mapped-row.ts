import type { AmenityFlag, PropertyType } from '@nj/contracts';
import { AMENITY_FLAGS, IMPORT_MESSAGES as M } from '@nj/contracts';
import type { Layout } from '../layouts.ts';
import { cleanColonia } from '../layouts.ts';
import { RowError, checkPoint, cleanText, isCondoType, normalizeText, stableHash, type ListingAge, type RowFacts } from '../listing-fields.ts';
import {
  isPlaceholder, parseAgeOrYear, parseAmenitiesText, parseBathrooms, parseConstructionYear, parseCoordinate,
  parseCurrencyText, parseDate, parseLatLngText, parseMoney, parseOperationText, parsePropertyTypeSynonym, parseQuantity,
  parseStateName, splitAddress, splitTypeAndOperation,
} from '../values/index.ts';
import type { Mapping } from '../mapping.ts';
import { isTarget, type Field, type Target } from './targets.ts';

/** What parseMappedRow gets besides the cells (issue 10 design §3). */
export type MappedRowContext = {
  /** File name without folders and without '.gz' (stable across machines). */
  fileName: string;
  /** The row's text as in the file (for the stable id of rows without one). */
  rawLine: string;
  /** 1-based line of the row's start in the file. */
  line: number;
  /** `--source NAME`. */
  source?: string | undefined;
  /** The import's reference day (YYYY-MM-DD): relative dates and ages count from it. */
  asOf: string;
  /** The file's numeric date order (detectDateOrder). */
  dateOrder: 'dmy' | 'mdy';
};

type Address = { street: string | null; exteriorNumber: string | null; colonia: string | null; postalCode: string | null; municipality: string | null; state: string | null; locality: string | null };

/** Facts gathered from a row's cells before they are checked and composed. */
type Draft = {
  sourceId?: string; source?: string; opType?: 'renta' | 'venta'; propertyType?: PropertyType; typeText?: string;
  price?: number; priceCurrency?: 'mxn' | 'usd' | null; priceOp?: 'renta' | 'venta' | null; currency?: 'mxn' | 'usd'; maintenanceFee?: number | null;
  landArea?: number; constructionArea?: number; rooms?: number; bathrooms?: number; halfBathrooms?: number;
  halfFromBathrooms?: number; parkingSpots?: number; age?: ListingAge; yearFromAge?: number; constructionYear?: number;
  amenities: Set<AmenityFlag>; explicit: Partial<Address>; split: Partial<Address>; lat?: number; lng?: number;
  point?: { lat: number; lng: number }; publishedAt?: string; title?: string; description?: string; url?: string;
};

type ValueContext = { asOf: string; dateOrder: 'dmy' | 'mdy'; header?: string };

/** Sets `key` only when the draft has no value yet (the first column that says it wins). */
function first<K extends keyof Draft>(draft: Draft, key: K, value: Draft[K] | null | undefined): void {
  if (value === null || value === undefined) return;
  if (draft[key] === undefined) draft[key] = value;
}

/** Words that only say the operation ('En venta', 'Se renta', 'Venta'): no type is named. */
const OPERATION_WORDS = new Set(['en', 'de', 'se', 'para', 'la', 'a', 'for', 'venta', 'ventas', 'vende', 'vendo', 'renta', 'rentas',
  'rento', 'alquiler', 'alquila', 'arrendamiento', 'sale', 'rent', 'preventa', 'remate', 'traspaso']);

function onlyOperation(text: string): boolean {
  return normalizeText(text).split(' ').every((w) => OPERATION_WORDS.has(w));
}

/** A currency the header names ('precio_usd', 'Precio (MXN)'), for amounts that do not say theirs. */
function headerCurrency(header: string | undefined): 'mxn' | 'usd' | null {
  const words = normalizeText(header ?? '').split(' ');
  if (words.some((w) => w === 'usd' || w === 'dolares' || w === 'dls')) return 'usd';
  if (words.some((w) => w === 'mxn' || w === 'pesos' || w === 'mn')) return 'mxn';
  return null;
}

/**
 * The operation a price column's header names ('Precio de venta' → venta, 'Renta mensual' → renta), or null. Used by
 * parseMappedRow for rows without an operation and by resolveMapping to accept a file without an operation column.
 */
export function headerOperation(header: string | undefined): 'renta' | 'venta' | null {
  if (!header) return null;
  let op = HEADER_OPERATIONS.get(header);
  if (op === undefined) {
    op = splitTypeAndOperation(header).opType;
    HEADER_OPERATIONS.set(header, op);
  }
  return op;
}

/** headerOperation's answers by header (a file's few headers are read once per row). */
const HEADER_OPERATIONS = new Map<string, 'renta' | 'venta' | null>();
/** Text that may name an operation (checked before the costlier split). */
const OPERATION_HINT = /vent|rent|vend|alquil|arrend|remate|sale|lease/i;

function postalCode(text: string): string | null {
  const m = /\b(\d{4,5})\b/.exec(text);
  if (!m?.[1]) return null;
  // spreadsheets drop the leading zero of Mexico City's codes ('6600' → '06600')
  return m[1].padStart(5, '0');
}

/** Reads one value of one target into the draft; throws RowError for present, unreadable text. */
function apply(draft: Draft, target: Target, text: string, ctx: ValueContext, overwrite: boolean): void {
  const set = <K extends keyof Draft>(key: K, value: Draft[K] | null | undefined) => {
    if (overwrite) {
      if (value !== null && value !== undefined) draft[key] = value;
    } else first(draft, key, value);
  };
  if (target === 'amenities') {
    for (const flag of parseAmenitiesText(text)) draft.amenities.add(flag);
    return;
  }
  if (isPlaceholder(text)) return;
  const clean = cleanText(text) ?? undefined;
  switch (target) {
    case 'source_id': return set('sourceId', clean);
    case 'source': return set('source', clean ? normalizeText(clean).replace(/ /g, '') : undefined);
    case 'op_type': return set('opType', parseOperationText(text));
    case 'property_type': {
      const type = parsePropertyTypeSynonym(text);
      if (type) {
        set('typeText', clean);
        return set('propertyType', type);
      }
      // a type column holding 'Casa en venta', or only the operation ('Venta')
      const both = splitTypeAndOperation(text);
      if (!both.propertyType && both.opType && onlyOperation(text)) return first(draft, 'opType', both.opType);
      if (!both.propertyType) throw new RowError(M.unknownPropertyType(clean ?? text));
      set('typeText', clean);
      set('propertyType', both.propertyType);
      return first(draft, 'opType', both.opType);
    }
    case 'type+op_type': {
      const both = splitTypeAndOperation(text);
      if (!both.propertyType && !both.opType) throw new RowError(M.rowUnreadableTypeAndOperation(clean ?? text));
      if (!both.propertyType) {
        if (!onlyOperation(text)) set('typeText', clean);
      }
      else {
        set('typeText', clean);
        set('propertyType', both.propertyType);
      }
      return set('opType', both.opType);
    }
    case 'price': {
      const money = parseMoney(text, 'price');
      if (!money) return;
      if (draft.price !== undefined && !overwrite) return;
      draft.price = money.amount;
      draft.priceCurrency = money.currency ?? headerCurrency(ctx.header);
      // 'Venta $3,800,000' in the cell, or a 'Precio de renta' header, says the operation too
      draft.priceOp = (OPERATION_HINT.test(text) ? splitTypeAndOperation(text).opType : null) ?? headerOperation(ctx.header);
      return;
    }
    case 'currency': {
      const currency = parseCurrencyText(text);
      if (!currency) throw new RowError(M.badCurrency(clean ?? text));
      return set('currency', currency);
    }
    case 'maintenance_fee': {
      const money = parseMoney(text, 'maintenance_fee');
      // our maintenance is in MXN a month: a fee in dollars is left unknown
      return set('maintenanceFee', money && (money.currency ?? headerCurrency(ctx.header)) !== 'usd' ? money.amount : null);
    }
    case 'land_area_m2': return set('landArea', parseQuantity(text, target));
    case 'construction_area_m2': return set('constructionArea', parseQuantity(text, target));
    case 'rooms': return set('rooms', parseQuantity(text, target));
    case 'half_bathrooms': return set('halfBathrooms', parseQuantity(text, target));
    case 'parking_spots': return set('parkingSpots', parseQuantity(text, target));
    case 'bathrooms': {
      const b = parseBathrooms(text);
      set('bathrooms', b.bathrooms);
      return set('halfFromBathrooms', b.halfBathrooms);
    }
    case 'age': {
      const read = parseAgeOrYear(text, { asOf: ctx.asOf });
      if (!read) return;
      if ('year' in read) return set('yearFromAge', read.year);
      return set('age', read.age);
    }
    case 'construction_year': return set('constructionYear', parseConstructionYear(text, { asOf: ctx.asOf }));
    case 'street': return setAddress(draft, 'street', clean ?? null, overwrite);
    case 'exterior_number': return setAddress(draft, 'exteriorNumber', clean ?? null, overwrite);
    case 'colonia': return setAddress(draft, 'colonia', cleanColonia(clean), overwrite);
    case 'municipality': return setAddress(draft, 'municipality', clean ?? null, overwrite);
    case 'locality': return setAddress(draft, 'locality', clean ?? null, overwrite);
    case 'state': return setAddress(draft, 'state', parseStateName(text), overwrite);
    case 'postal_code': {
      // an unreadable postal code is left unknown: the other address parts can still place the row
      return setAddress(draft, 'postalCode', postalCode(text), overwrite);
    }
    case 'address': {
      const parts = splitAddress(text);
      for (const [key, value] of Object.entries(parts) as [keyof Address, string | null][]) {
        if (value !== null && (overwrite || draft.split[key] === undefined)) draft.split[key] = value;
      }
      return;
    }
    case 'lat': return set('lat', parseCoordinate(text, 'lng'));
    case 'lng': return set('lng', parseCoordinate(text, 'lng'));
    case 'lat_lng': return set('point', parseLatLngText(text));
    case 'published_at': return set('publishedAt', parseDate(text, { asOf: ctx.asOf, order: ctx.dateOrder }));
    case 'title': return set('title', clean);
    case 'description': return set('description', (text ?? '').trim() || undefined);
    case 'url': return set('url', clean);
  }
}

function setAddress(draft: Draft, key: keyof Address, value: string | null, overwrite: boolean): void {
  if (value === null) return;
  if (overwrite || draft.explicit[key] === undefined) draft.explicit[key] = value;
}

function emptyDraft(): Draft {
  return { amenities: new Set(), explicit: {}, split: {} };
}

/**
 * Reads one value as a column or constant of `field` would be (used to check `field==value` constants). Returns
 * nothing; throws RowError (Spanish) when the value is present and unreadable.
 */
export function readValue(field: Field, value: string, ctx: { asOf: string; dateOrder: 'dmy' | 'mdy' }): void {
  apply(emptyDraft(), field, value, ctx, true);
}

/** The point of a row: lat/lng columns (swapped when written the other way round) or a lat_lng column; null if none. */
function rowPoint(draft: Draft): { lat: number; lng: number } | null {
  let lat = draft.lat;
  let lng = draft.lng;
  if (lat !== undefined && lng !== undefined) {
    // '-99.13, 19.43' in lat, lng columns: Mexico's longitudes are all below -86, its latitudes between 14 and 33
    if (Math.abs(lat) > 90 || (lat < -80 && lng > 10 && lng < 40)) [lat, lng] = [lng, lat];
    if (Math.abs(lat) > 90) throw new RowError(M.badCoordinate(String(draft.lat)));
    return checkPoint(lat, lng);
  }
  if (draft.point) {
    const p = draft.point;
    return p.lat < -80 && p.lng > 10 ? checkPoint(p.lng, p.lat) : checkPoint(p.lat, p.lng);
  }
  return null;
}

/** Operation and type from the title, then the URL, when the row's columns did not give them. */
function deriveFromText(draft: Draft): void {
  first(draft, 'opType', draft.priceOp);
  for (const text of [draft.title, draft.url]) {
    if (!text || (draft.opType && draft.propertyType)) continue;
    const words = text.includes('/') ? text.replace(/^https?:\/\/[^/]+/i, '').replace(/[-_/]+/g, ' ') : text;
    const both = splitTypeAndOperation(words);
    first(draft, 'opType', both.opType);
    first(draft, 'propertyType', both.propertyType);
  }
}

/** Composes the checked RowFacts of a draft (see parseMappedRow for the rules). */
function compose(draft: Draft, mapping: Mapping, ctx: MappedRowContext): RowFacts {
  deriveFromText(draft);
  if (!draft.opType) throw new RowError(M.rowMissingOperation);
  if (!draft.propertyType) throw new RowError(draft.typeText ? M.unknownPropertyType(draft.typeText) : M.rowMissingPropertyType);
  if (draft.price === undefined) throw new RowError(M.rowMissingPrice);
  const point = rowPoint(draft);
  const part = (key: keyof Address) => draft.explicit[key] ?? draft.split[key] ?? null;
  const amenities = new Set(draft.amenities);
  if (isCondoType(draft.typeText)) amenities.add('is_condo');
  return {
    source: ctx.source ?? draft.source ?? mapping.source ?? 'import',
    sourceId: draft.sourceId ?? `h${stableHash(ctx.fileName, ctx.rawLine)}`,
    opType: draft.opType,
    propertyType: draft.propertyType,
    price: draft.price,
    currency: draft.currency ?? draft.priceCurrency ?? 'mxn',
    maintenanceFee: draft.maintenanceFee ?? null,
    landArea: draft.landArea ?? null,
    constructionArea: draft.constructionArea ?? null,
    rooms: draft.rooms ?? null,
    bathrooms: draft.bathrooms ?? null,
    halfBathrooms: draft.halfBathrooms ?? draft.halfFromBathrooms ?? null,
    parkingSpots: draft.parkingSpots ?? null,
    age: draft.age ?? null,
    constructionYear: draft.constructionYear ?? draft.yearFromAge ?? null,
    amenities: AMENITY_FLAGS.filter((f) => amenities.has(f)),
    street: part('street'),
    exteriorNumber: part('exteriorNumber'),
    colonia: part('colonia') === null ? null : cleanColonia(part('colonia')),
    postalCode: part('postalCode'),
    locality: part('locality'),
    municipality: part('municipality'),
    state: part('state'),
    lat: point?.lat ?? null,
    lng: point?.lng ?? null,
    publishedAt: draft.publishedAt ?? null,
    title: draft.title ?? null,
    description: draft.description ?? null,
    sourceUrl: draft.url ?? null,
  };
}

/** Fixed layouts whose rows without coordinates are read by their column names instead (their names are our targets). */
const GEOCODABLE_FIXED = new Set(['normalised']);

/**
 * The generic reader behind parseMappedRow (cells already checked against the header's width): each mapped column,
 * then the constants (which win), then the composition. With a fixed layout's parser, that parser reads the row and
 * only the columns --map changed and the constants are read on top.
 */
export function readMappedRow(cells: string[], mapping: Mapping, ctx: MappedRowContext, fixedParse: Layout['parse'] | null): RowFacts {
  const header = mapping.header ?? [];
  const valueCtx = (i: number): ValueContext => ({ asOf: ctx.asOf, dateOrder: ctx.dateOrder, header: header[i] });
  if (fixedParse) {
    const record: Record<string, string> = {};
    header.forEach((name, i) => {
      if (name !== '') record[name] = cells[i] ?? '';
    });
    let base: RowFacts;
    try {
      base = fixedParse(record, { fileName: ctx.fileName, rawLine: ctx.rawLine, source: ctx.source });
    } catch (error) {
      // our own normalised files may leave a row's point empty: read it by its column names and let the engine geocode it
      if (!(error instanceof RowError) || error.message !== M.missingCoordinates || !GEOCODABLE_FIXED.has(mapping.fixed ?? '')) throw error;
      const { fixed: _fixed, overrides: _overrides, ...byName } = mapping;
      const columns = header.map((name, i) => (mapping.overrides?.[i] ? (mapping.columns[i] ?? null) : isTarget(name) ? name : null));
      return readMappedRow(cells, { ...byName, columns }, ctx, null);
    }
    const draft = emptyDraft();
    mapping.columns.forEach((target, i) => {
      if (target && mapping.overrides?.[i]) apply(draft, target, cells[i] ?? '', valueCtx(i), false);
    });
    for (const [field, value] of Object.entries(mapping.constants) as [Field, string][]) apply(draft, field, value, valueCtx(-1), true);
    return overlay({ ...base, lat: base.lat, lng: base.lng }, draft);
  }
  const draft = emptyDraft();
  mapping.columns.forEach((target, i) => {
    if (target) apply(draft, target, cells[i] ?? '', valueCtx(i), false);
  });
  for (const [field, value] of Object.entries(mapping.constants) as [Field, string][]) apply(draft, field, value, valueCtx(-1), true);
  return compose(draft, mapping, ctx);
}

/** A fixed layout's facts with what --map said on top. */
function overlay(base: RowFacts, d: Draft): RowFacts {
  const out: RowFacts = { ...base };
  if (d.sourceId !== undefined) out.sourceId = d.sourceId;
  if (d.source !== undefined) out.source = d.source;
  if (d.opType) out.opType = d.opType;
  if (d.propertyType) out.propertyType = d.propertyType;
  if (d.price !== undefined) {
    out.price = d.price;
    if (d.priceCurrency) out.currency = d.priceCurrency;
  }
  if (d.currency) out.currency = d.currency;
  if (d.maintenanceFee !== undefined) out.maintenanceFee = d.maintenanceFee;
  if (d.landArea !== undefined) out.landArea = d.landArea;
  if (d.constructionArea !== undefined) out.constructionArea = d.constructionArea;
  if (d.rooms !== undefined) out.rooms = d.rooms;
  if (d.bathrooms !== undefined) out.bathrooms = d.bathrooms;
  if (d.halfBathrooms !== undefined || d.halfFromBathrooms !== undefined) out.halfBathrooms = d.halfBathrooms ?? d.halfFromBathrooms ?? null;
  if (d.parkingSpots !== undefined) out.parkingSpots = d.parkingSpots;
  if (d.age !== undefined) out.age = d.age;
  if (d.constructionYear !== undefined || d.yearFromAge !== undefined) out.constructionYear = d.constructionYear ?? d.yearFromAge ?? null;
  if (d.amenities.size > 0) out.amenities = AMENITY_FLAGS.filter((f) => d.amenities.has(f) || base.amenities.includes(f));
  const parts: [keyof Address, keyof RowFacts][] = [
    ['street', 'street'], ['exteriorNumber', 'exteriorNumber'], ['colonia', 'colonia'], ['postalCode', 'postalCode'],
    ['municipality', 'municipality'], ['locality', 'locality'], ['state', 'state'],
  ];
  for (const [from, to] of parts) {
    const value = d.explicit[from] ?? d.split[from];
    if (value !== undefined) (out as Record<string, unknown>)[to] = value;
  }
  const point = rowPoint(d);
  if (point) Object.assign(out, point);
  if (d.publishedAt !== undefined) out.publishedAt = d.publishedAt;
  if (d.title !== undefined) out.title = d.title;
  if (d.description !== undefined) out.description = d.description;
  if (d.url !== undefined) out.sourceUrl = d.url;
  return out;
}
