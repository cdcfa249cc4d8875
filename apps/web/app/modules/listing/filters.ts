import { DEFAULT_BOUNDS } from '@nj/contracts/search/constants';
import {
  budgetCeiling, DEFAULT_FILTER_STATE, filterStateFromQuery, filterStateToQuery, filterStateToSearchParams,
  normalizeTypeList, setMaxBudget, setMinBudget, switchOperation, toggleAmenity as toggleAmenityRule,
  toggleMinimum as toggleMinimumRule, type TBounds, type TFilterState, type TMinimumKey, type TOrderBy,
} from '@nj/contracts/search/filter-state';
import type { AmenityFlag, OpTypeEs, PropertyType } from '@nj/contracts/catalogue/vocabularies';

/**
 * The listing page's use of the shared filter rules (packages/contracts/src/search/filter-state.ts, spec 01 §3–§5).
 * The page keeps the filters apart from the map camera (which changes on every drag), so `ListingFilters` is the
 * filter state with bounds and zoom left null; they are joined again when writing the address or calling the API.
 */
export type { OpTypeEs };
export type Bounds = TBounds;
export type OrderBy = TOrderBy;
export type MinimumKey = TMinimumKey;
export type ListingFilters = TFilterState;
export { budgetCeiling };

export const DEFAULT_FILTERS: ListingFilters = DEFAULT_FILTER_STATE;

/** Six decimals (about 0.1 m) keep the address short. Degrees. */
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
const roundBounds = (b: Bounds): Bounds => ({ north: round6(b.north), south: round6(b.south), east: round6(b.east), west: round6(b.west) });
const roundZoom = (z: number | null) => (z === null ? null : Math.round(z * 100) / 100);

/** Bounds the API accepts: latitudes within ±90, longitudes within ±180, north ≥ south, east ≥ west. */
export function validBounds(b: Bounds | null): Bounds | null {
  if (!b) return null;
  const ok = Math.abs(b.north) <= 90 && Math.abs(b.south) <= 90 && Math.abs(b.east) <= 180 && Math.abs(b.west) <= 180
    && b.north >= b.south && b.east >= b.west;
  return ok ? b : null;
}

/**
 * Reads filters, bounds and zoom from the address. A single `propertyType` (the search bar's dropdown) becomes the
 * type list the filters bar edits.
 */
export function filtersFromParams(params: URLSearchParams): { filters: ListingFilters; bounds: Bounds | null; zoom: number | null } {
  const s = filterStateFromQuery(params);
  const propertyTypes = s.propertyTypes.length ? s.propertyTypes : s.propertyType ? [s.propertyType] : [];
  return { filters: { ...s, propertyTypes, propertyType: null, bounds: null, zoom: null }, bounds: validBounds(s.bounds), zoom: s.zoom };
}

/** The listing address for filters and camera: north, south, east, west, zoom, then the filters, then the place's slug. */
export function listingSearchParams(f: ListingFilters, bounds: Bounds | null, zoom: number | null, placeSlug: string | null = null): URLSearchParams {
  const qs = filterStateToQuery({ ...f, bounds: bounds ? roundBounds(bounds) : null, zoom: roundZoom(zoom) });
  if (placeSlug) qs.set(PLACE_PARAM, placeSlug);
  return qs;
}

/**
 * Query of POST /api/v1/properties/search (v=2, map=1, page); bounds default to spec 01 §9 DEFAULT_BOUNDS. With
 * `placeSlug` (the page's chosen place) the API lists only what lies inside that place as well (issue 9 §2–§3).
 */
export function searchApiQuery(
  f: ListingFilters, bounds: Bounds | null, zoom: number | null, page: number, placeSlug: string | null = null,
): Record<string, string> {
  const q = filterStateToSearchParams({ ...f, bounds: roundBounds(bounds ?? DEFAULT_BOUNDS), zoom: roundZoom(zoom) }, { page, map: true });
  return placeSlug ? { ...q, place: placeSlug } : q;
}

/**
 * The query parameter naming the place chosen in the search box on /propiedades (a place slug): the page says where
 * it lists and every search is narrowed to that place (issue 9 §2–§3), within the map's bounds.
 */
export const PLACE_PARAM = 'place';

/** A link to /propiedades for the search bar: place bounds, zoom and slug, operation and the dropdown's single type. */
export function listingHref(input: {
  bounds?: Bounds; zoom?: number; opType?: OpTypeEs; propertyType?: PropertyType | null; placeSlug?: string | null;
}): string {
  const f = switchOperation(DEFAULT_FILTER_STATE, input.opType ?? DEFAULT_FILTER_STATE.opType);
  const qs = filterStateToQuery({
    ...f,
    propertyType: input.propertyType ?? null,
    bounds: input.bounds ? roundBounds(input.bounds) : null,
    zoom: roundZoom(input.zoom ?? null),
  });
  if (input.placeSlug) qs.set(PLACE_PARAM, input.placeSlug);
  const text = qs.toString();
  return `/propiedades${text ? `?${text}` : ''}`;
}

/** Switching operation (spec 01 §4: budget ceilings). */
export function setOperation(f: ListingFilters, opType: OpTypeEs): ListingFilters {
  return switchOperation(f, opType);
}

/** Budget edits from the price popover (spec 01 §5: invalid values are ignored). null = no limit. */
export function setBudget(f: ListingFilters, change: { min?: number | null; max?: number | null }): ListingFilters {
  let next = f;
  if (change.max !== undefined) next = setMaxBudget(next, change.max ?? budgetCeiling(f.opType));
  if (change.min !== undefined) next = setMinBudget(next, change.min ?? 0);
  if (change.max !== undefined && next.maxBudget > budgetCeiling(f.opType)) next = { ...next, maxBudget: budgetCeiling(f.opType) };
  return next;
}

export function toggleMinimum(f: ListingFilters, key: MinimumKey, value: number): ListingFilters {
  return toggleMinimumRule(f, key, value);
}

/** Adds or removes one type of the list (trimmed, de-duplicated, sorted; spec 01 §5). */
export function toggleType(f: ListingFilters, type: PropertyType): ListingFilters {
  const list = f.propertyTypes.includes(type) ? f.propertyTypes.filter((t) => t !== type) : [...f.propertyTypes, type];
  return { ...f, propertyTypes: normalizeTypeList(list) ?? [] };
}

export function toggleAmenity(f: ListingFilters, flag: AmenityFlag): ListingFilters {
  return toggleAmenityRule(f, flag);
}

/** Reset keeps the operation and restores every other default (spec 01 §4 "Reset restores defaults"). */
export function resetFilters(f: ListingFilters): ListingFilters {
  return switchOperation({ ...DEFAULT_FILTER_STATE, opType: f.opType === 'venta' ? 'renta' : 'venta' }, f.opType);
}
