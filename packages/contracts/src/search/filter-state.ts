/**
 * The search filter state and its pure rules (spec 01 §3 "Search filter state", §4 transitions, §5 validation,
 * §9 defaults). Used by the web app (URL ↔ state, API params) and tested here. Budgets in MXN, bounds in degrees.
 */
import { AMENITY_FLAGS, PROPERTY_TYPES, type AmenityFlag, type OpTypeEs, type PropertyType } from '../catalogue/vocabularies.ts';
import { operationWord, parseOperation } from '../catalogue/operation.ts';
import { MAX_BUDGET, PROPERTY_CODE_PATTERN, ZOOM_BY_PLACE_KIND } from './constants.ts';
import { searchAreaFromQuery, searchAreaToQuery, searchAreaToSearchParams, type TSearchArea } from './drawn-area.ts';

export type TBounds = { north: number; south: number; east: number; west: number };
export type TOrderBy = 'newest' | 'oldest' | 'priciest' | 'cheapest';
export type TStatus = 'active' | 'inactive';
export type TMinimumKey = 'minNumberRooms' | 'minBathrooms' | 'minParkingSpots';

export type TFilterState = {
  bounds: TBounds | null;
  zoom: number | null;
  opType: OpTypeEs;
  minBudget: number;
  maxBudget: number;
  /** -1 = none. */
  minNumberRooms: number;
  minBathrooms: number;
  minParkingSpots: number;
  /** Sorted, de-duplicated. */
  propertyTypes: PropertyType[];
  propertyType: PropertyType | null;
  status: TStatus;
  orderBy: TOrderBy;
  /** Sorted. */
  amenities: AmenityFlag[];
  /** Issue 17: drawn polygons or 'cerca de…' (drawn-area.ts); null = the viewport (and place) only. */
  area: TSearchArea | null;
};

const ORDERS: readonly TOrderBy[] = ['newest', 'oldest', 'priciest', 'cheapest'];
const STATUSES: readonly TStatus[] = ['active', 'inactive'];

/** The maximum budget (ceiling) of an operation: 75,000 renta, 35,000,000 venta (spec 01 §9). */
export function budgetCeiling(opType: OpTypeEs): number {
  return opType === 'renta' ? MAX_BUDGET.rent : MAX_BUDGET.sale;
}

/** Defaults (spec 01 §9): minBudget 0, max at the venta ceiling, minimums -1, active, newest, venta. */
export const DEFAULT_FILTER_STATE: TFilterState = {
  bounds: null, zoom: null, opType: 'venta', minBudget: 0, maxBudget: MAX_BUDGET.sale, minNumberRooms: -1,
  minBathrooms: -1, minParkingSpots: -1, propertyTypes: [], propertyType: null, status: 'active', orderBy: 'newest',
  amenities: [], area: null,
};

/**
 * The maximum budget after switching operation, by spec 01 §4's first two rules: to renta with a maximum above the
 * rent ceiling → the rent ceiling; to venta while at the rent ceiling → the sales ceiling; otherwise unchanged.
 */
export function budgetCeilingOnSwitch(maxBudget: number, to: OpTypeEs): number {
  if (to === 'renta' && maxBudget > MAX_BUDGET.rent) return MAX_BUDGET.rent;
  if (to === 'venta' && maxBudget === MAX_BUDGET.rent) return MAX_BUDGET.sale;
  return maxBudget;
}

/**
 * Switches the operation (spec 01 §4): "Changing the operation resets the maximum budget to the default for that
 * type", which also satisfies the two ceiling rules; a minimum above the new maximum is cleared to 0.
 * Same operation → the state unchanged.
 */
export function switchOperation(state: TFilterState, opType: OpTypeEs): TFilterState {
  if (state.opType === opType) return state;
  const maxBudget = budgetCeiling(opType);
  return { ...state, opType, maxBudget, minBudget: state.minBudget > maxBudget ? 0 : state.minBudget };
}

function isBudget(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/** Sets the maximum budget (spec 01 §5): a number, not negative, not below the minimum; otherwise ignored. */
export function setMaxBudget(state: TFilterState, value: unknown): TFilterState {
  if (!isBudget(value) || value < state.minBudget) return state;
  return { ...state, maxBudget: value };
}

/** Sets the minimum budget (spec 01 §5): a number, not negative, not above the maximum; otherwise ignored. */
export function setMinBudget(state: TFilterState, value: unknown): TFilterState {
  if (!isBudget(value) || value > state.maxBudget) return state;
  return { ...state, minBudget: value };
}

/**
 * Chooses a minimum for rooms, bathrooms or parking (spec 01 §4): the same value twice clears it (-1), and a value
 * of 0 or less clears it too (it then leaves the address).
 */
export function toggleMinimum(state: TFilterState, key: TMinimumKey, value: number): TFilterState {
  const next = !Number.isFinite(value) || value <= 0 || state[key] === value ? -1 : Math.trunc(value);
  return { ...state, [key]: next };
}

/** Chooses the single property type; the same type again clears it (spec 01 §4). */
export function toggleSingleType(state: TFilterState, type: PropertyType | null): TFilterState {
  return { ...state, propertyType: type === null || state.propertyType === type ? null : type };
}

/** Turns one amenity on or off (spec 01 §4: on is written as 1 in the address, removed when off). */
export function toggleAmenity(state: TFilterState, amenity: AmenityFlag): TFilterState {
  const on = state.amenities.includes(amenity);
  const amenities = on ? state.amenities.filter((a) => a !== amenity) : [...state.amenities, amenity].sort();
  return { ...state, amenities };
}

/**
 * Normalises a property-type list (spec 01 §5): trimmed, unknown values and 'all' dropped, de-duplicated, sorted.
 * Returns null ("drop it from the address") when the result is empty or equal to `current`.
 */
export function normalizeTypeList(input: string | readonly string[], current: readonly string[] = []): PropertyType[] | null {
  const raw = typeof input === 'string' ? input.split(',') : [...input];
  const list = [...new Set(raw.map((t) => String(t).trim()).filter((t): t is PropertyType => (PROPERTY_TYPES as readonly string[]).includes(t)))].sort();
  if (list.length === 0) return null;
  const cur = [...new Set(current)].sort();
  if (list.length === cur.length && list.every((t, i) => t === cur[i])) return null;
  return list;
}

/** True for a property code: 'NJ-' plus hex digits, any case (spec 01 §5). Surrounding spaces are ignored. */
export function isPropertyCode(text: unknown): boolean {
  return typeof text === 'string' && PROPERTY_CODE_PATTERN.test(text.trim());
}

/**
 * Sanitises free text (spec 01 §5): keeps letters, numbers, punctuation, separators, newline, caret and dollar;
 * removes every other character (emoji, symbols, control characters) and trims. Non-text input gives ''.
 */
export function sanitizeText(value: unknown): string {
  if (typeof value !== 'string') return '';
  return value.replace(/[^\p{L}\p{M}\p{N}\p{P}\p{Z}\n^$]/gu, '').trim();
}

export type TAddressParts = {
  street?: string | null; number_ext?: string | null; number_int?: string | null;
  neighborhood?: string | null; municipality?: string | null;
};

/** Capitalises the first letter of each word ('ladrón de guevara' → 'Ladrón De Guevara'), rest lower-case. */
export function capitalizeWords(text: string): string {
  return text.toLocaleLowerCase('es-MX').replace(/(^|[\s\-/(])(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toLocaleUpperCase('es-MX'));
}

const clean = (v: string | null | undefined) => (v ?? '').replace(/\s+/g, ' ').trim();

/**
 * The address line (spec 01 §3 "Address display"): street, exterior number, optional 'int.' plus interior number,
 * neighbourhood, optional municipality, each word capitalised, joined with ', '. Empty parts are skipped.
 * { street: 'av. chapultepec', number_ext: '15', number_int: '3', neighborhood: 'americana', municipality:
 * 'guadalajara' } → 'Av. Chapultepec 15 Int. 3, Americana, Guadalajara'.
 */
export function formatAddress(parts: TAddressParts): string {
  const streetLine = [clean(parts.street), clean(parts.number_ext), clean(parts.number_int) ? `int. ${clean(parts.number_int)}` : '']
    .filter(Boolean).join(' ');
  return [streetLine, clean(parts.neighborhood), clean(parts.municipality)].filter(Boolean).map(capitalizeWords).join(', ');
}

/** The short address: neighbourhood and municipality only (spec 01 §3). */
export function formatShortAddress(parts: TAddressParts): string {
  return [clean(parts.neighborhood), clean(parts.municipality)].filter(Boolean).map(capitalizeWords).join(', ');
}

/** Map zoom for a place kind (spec 01 §9): country 6, region 8, locality 12, neighbourhood 15, street 16, establishment 18, else 12. */
export function zoomForPlaceKind(kind: string | null | undefined): number {
  const table = ZOOM_BY_PLACE_KIND as Record<string, number>;
  if (kind === 'postal_code') return table.neighbourhood!;
  return (kind && table[kind]) || ZOOM_BY_PLACE_KIND.default;
}

function finite(v: string | null): number | null {
  if (v === null || v.trim() === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

/**
 * Reads the filter state from a listing URL's query string (spec 01 §2: north, south, east, west, zoom and the
 * filters). Accepts the state's names (opType=renta, minBudget, maxBudget, minNumberRooms, minBathrooms,
 * minParkingSpots, propertyTypes, propertyType, status, orderBy, amenity=1) and the API's (op_type=rent|sale,
 * price_min, price_max, min_rooms, min_bathrooms, min_parking_spots, property_types, order_by, amenities=a,b).
 * Invalid values fall back to the defaults; bounds need all four (spec 01 §5).
 */
export function filterStateFromQuery(params: URLSearchParams): TFilterState {
  const get = (...names: string[]) => {
    for (const n of names) {
      const v = params.get(n);
      if (v !== null && v !== '') return v;
    }
    return null;
  };
  const s: TFilterState = { ...DEFAULT_FILTER_STATE };
  const north = finite(params.get('north'));
  const south = finite(params.get('south'));
  const east = finite(params.get('east'));
  const west = finite(params.get('west'));
  if (north !== null && south !== null && east !== null && west !== null && north >= south) s.bounds = { north, south, east, west };
  const zoom = finite(params.get('zoom'));
  if (zoom !== null && zoom >= 0 && zoom <= 22) s.zoom = zoom;
  const op = parseOperation(get('opType', 'op_type'));
  if (op) s.opType = operationWord(op);
  s.maxBudget = budgetCeiling(s.opType);
  const max = finite(get('maxBudget', 'price_max'));
  if (max !== null && max >= 0) s.maxBudget = Math.min(max, budgetCeiling(s.opType));
  const min = finite(get('minBudget', 'price_min'));
  if (min !== null && min >= 0 && min <= s.maxBudget) s.minBudget = min;
  const minimum = (a: string, b: string) => {
    const v = finite(get(a, b));
    return v !== null && v > 0 ? Math.trunc(v) : -1;
  };
  s.minNumberRooms = minimum('minNumberRooms', 'min_rooms');
  s.minBathrooms = minimum('minBathrooms', 'min_bathrooms');
  s.minParkingSpots = minimum('minParkingSpots', 'min_parking_spots');
  s.propertyTypes = normalizeTypeList(get('propertyTypes', 'property_types') ?? '') ?? [];
  const single = get('propertyType');
  s.propertyType = single && (PROPERTY_TYPES as readonly string[]).includes(single) ? (single as PropertyType) : null;
  const status = get('status');
  if (status && (STATUSES as readonly string[]).includes(status)) s.status = status as TStatus;
  const order = get('orderBy', 'order_by');
  if (order && (ORDERS as readonly string[]).includes(order)) s.orderBy = order as TOrderBy;
  const listed = (get('amenities') ?? '').split(',').map((a) => a.trim());
  s.amenities = AMENITY_FLAGS.filter((a) => params.get(a) === '1' || listed.includes(a)).sort();
  s.area = searchAreaFromQuery(params);
  return s;
}

/**
 * Writes the filter state as a listing URL's query string (spec 01 §4–§5): bounds as north, south, east, west;
 * zoom; opType; the budget only when it is not the default (min > 0, max below the operation's ceiling); minimums
 * above 0; propertyTypes and propertyType when set; status and orderBy when not the default; each amenity as =1.
 */
export function filterStateToQuery(state: TFilterState): URLSearchParams {
  const p = new URLSearchParams();
  if (state.bounds) {
    p.set('north', String(state.bounds.north));
    p.set('south', String(state.bounds.south));
    p.set('east', String(state.bounds.east));
    p.set('west', String(state.bounds.west));
  }
  if (state.zoom !== null) p.set('zoom', String(state.zoom));
  p.set('opType', state.opType);
  if (state.minBudget > 0) p.set('minBudget', String(state.minBudget));
  if (state.maxBudget < budgetCeiling(state.opType)) p.set('maxBudget', String(state.maxBudget));
  if (state.minNumberRooms > 0) p.set('minNumberRooms', String(state.minNumberRooms));
  if (state.minBathrooms > 0) p.set('minBathrooms', String(state.minBathrooms));
  if (state.minParkingSpots > 0) p.set('minParkingSpots', String(state.minParkingSpots));
  if (state.propertyTypes.length) p.set('propertyTypes', [...state.propertyTypes].sort().join(','));
  if (state.propertyType) p.set('propertyType', state.propertyType);
  if (state.status !== 'active') p.set('status', state.status);
  if (state.orderBy !== 'newest') p.set('orderBy', state.orderBy);
  for (const a of state.amenities) p.set(a, '1');
  searchAreaToQuery(state.area ?? null, p);
  return p;
}

/**
 * The query parameters of POST /api/v1/properties/search for a state (spec 01 §5 "Search request"): v=2, map=1,
 * bounds, zoom, op_type rent|sale, price_min when > 0, price_max unless at the operation's ceiling, minimums when
 * 0 or more, property_types (the list, or the single type), amenities, status, order_by, page.
 */
export function filterStateToSearchParams(state: TFilterState, options: { page?: number; map?: boolean } = {}): Record<string, string> {
  const p: Record<string, string> = { v: '2' };
  if (options.map ?? true) p.map = '1';
  if (state.bounds) {
    p.north = String(state.bounds.north);
    p.south = String(state.bounds.south);
    p.east = String(state.bounds.east);
    p.west = String(state.bounds.west);
  }
  if (state.zoom !== null) p.zoom = String(state.zoom);
  p.op_type = parseOperation(state.opType)!;
  if (state.minBudget > 0) p.price_min = String(state.minBudget);
  if (state.maxBudget !== budgetCeiling(state.opType)) p.price_max = String(state.maxBudget);
  if (state.minNumberRooms >= 0) p.min_rooms = String(state.minNumberRooms);
  if (state.minBathrooms >= 0) p.min_bathrooms = String(state.minBathrooms);
  if (state.minParkingSpots >= 0) p.min_parking_spots = String(state.minParkingSpots);
  const types = state.propertyTypes.length ? state.propertyTypes : state.propertyType ? [state.propertyType] : [];
  if (types.length) p.property_types = [...types].sort().join(',');
  if (state.amenities.length) p.amenities = [...state.amenities].sort().join(',');
  p.status = state.status;
  p.order_by = state.orderBy;
  p.page = String(options.page ?? 1);
  Object.assign(p, searchAreaToSearchParams(state.area ?? null));
  return p;
}
