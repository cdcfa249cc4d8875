import { sql, type RawBuilder } from 'kysely';
import { MAX_BUDGET } from '@nj/contracts';
import { latToY, lngToX, zoomForWidth } from '../search/index/mercator.ts';
import type { IndexQuery, OrderBy } from '../search/index/property-index.ts';
import { mxnPriceSql, type ExchangeRates } from './exchange-rates.ts';
import { operationColumn, type Operation } from './operation.ts';

/** A viewport in degrees (WGS 84). */
export type Bounds = { north: number; south: number; east: number; west: number };

/**
 * The one filter of listings (issue 8 §3), shared by the map search (through the in-memory index, indexQueryOf)
 * and the owner's list (through SQL, filterWhereSql), so the two cannot drift. Build it with listingFilter().
 * Prices MXN (a listing's price converted with ExchangeRates; a missing price counts as 0); bounds degrees.
 */
export type ListingFilter = {
  /** Only listings inside (edges included); null = anywhere. */
  bounds: Bounds | null;
  /** Only listings offering this operation; its price is the one filtered and ordered by. null = both, and the
   * price is rent's when the listing is for rent, else sale's (the price a card shows). */
  op: Operation | null;
  /** null = no floor / no ceiling. */
  priceMin: number | null;
  priceMax: number | null;
  /** Minimums; 0 or less = none (then a listing with an unknown value passes too). */
  minRooms: number;
  minBathrooms: number;
  minParking: number;
  /** Property types, any of; empty = all. */
  types: readonly string[];
  /** Amenity flags, all of. */
  amenities: readonly string[];
  /** 'active' or 'inactive'; null = both (the owner's list; the index always answers one status). */
  status: 'active' | 'inactive' | null;
  orderBy: OrderBy;
};

/** What callers give listingFilter(): the API's optional values (spec 01 §4–§9 names in camelCase). */
export type ListingFilterInput = {
  bounds?: Bounds | null | undefined;
  op?: Operation | null | undefined;
  priceMin?: number | null | undefined;
  priceMax?: number | null | undefined;
  minRooms?: number | null | undefined;
  minBathrooms?: number | null | undefined;
  minParking?: number | null | undefined;
  types?: readonly string[] | null | undefined;
  amenities?: readonly string[] | null | undefined;
  status?: 'active' | 'inactive' | null | undefined;
  orderBy?: OrderBy | null | undefined;
};

/**
 * A ListingFilter from the API's values with the search's rules (spec 01 §4, §9): a price_max at the operation's
 * ceiling or above (75,000 rent; 35,000,000 sale, also with no operation) means no ceiling; a price_min of 0 or less
 * means no floor; an absent minimum is none (-1); status as given (absent = both); order newest by default.
 */
export function listingFilter(input: ListingFilterInput): ListingFilter {
  const op = input.op ?? null;
  const ceiling = op === 'rent' ? MAX_BUDGET.rent : MAX_BUDGET.sale;
  const priceMax = input.priceMax === undefined || input.priceMax === null || input.priceMax >= ceiling ? null : input.priceMax;
  const priceMin = input.priceMin === undefined || input.priceMin === null || input.priceMin <= 0 ? null : input.priceMin;
  return {
    bounds: input.bounds ?? null,
    op,
    priceMin,
    priceMax,
    minRooms: input.minRooms ?? -1,
    minBathrooms: input.minBathrooms ?? -1,
    minParking: input.minParking ?? -1,
    types: input.types ?? [],
    amenities: input.amenities ?? [],
    status: input.status ?? null,
    orderBy: input.orderBy ?? 'newest',
  };
}

/**
 * The filter in the in-memory index's terms: bounds → normalised Web-Mercator (the whole world when null), prices
 * MXN as they are, minimums as they are (the index ignores ≤ 0), plus the page window and clustering of the view.
 * Zoom defaults to the one that shows the bounds 1280 px wide, clamped to 0–22.
 * @throws Error when `filter.status` is null: the index answers one status at a time (a programming error).
 */
export function indexQueryOf(filter: ListingFilter, view: {
  zoom?: number | undefined; offset: number; limit: number; withClusters: boolean;
}): IndexQuery {
  if (filter.status === null) throw new Error('indexQueryOf: the index answers one status (active or inactive)');
  const b = filter.bounds;
  const minX = b ? lngToX(b.west) : 0;
  const maxX = b ? lngToX(b.east) : 1;
  const minY = b ? latToY(b.north) : 0;
  const maxY = b ? latToY(b.south) : 1;
  return {
    minX, maxX, minY, maxY,
    zoom: Math.max(0, Math.min(22, view.zoom ?? zoomForWidth(maxX - minX))),
    op: filter.op,
    priceMin: filter.priceMin,
    priceMax: filter.priceMax,
    minRooms: filter.minRooms,
    minBathrooms: filter.minBathrooms,
    minParking: filter.minParking,
    types: filter.types,
    amenities: filter.amenities,
    active: filter.status === 'active',
    orderBy: filter.orderBy,
    offset: view.offset,
    limit: view.limit,
    withClusters: view.withClusters,
  };
}

/**
 * SQL for the MXN price the filter compares and orders by, as the index keeps it: the operation's price, or with
 * no operation rent's when the listing is for rent, else sale's; a missing price is 0.
 */
export function filterPriceSql(op: Operation | null, rates: ExchangeRates): RawBuilder<number> {
  if (op) return mxnPriceSql(op, rates);
  return sql<number>`CASE WHEN is_renta THEN ${mxnPriceSql('rent', rates)} ELSE ${mxnPriceSql('sale', rates)} END`;
}

/**
 * The filter as SQL conditions on `properties` (joined with AND by the caller; an empty filter gives none). The
 * same rules as PropertyIndex.query: edges of the bounds included; the operation's flag; prices from
 * filterPriceSql; a minimum above 0 excludes unknown values; types any-of; amenities all-of; status when given.
 */
export function filterWhereSql(filter: ListingFilter, rates: ExchangeRates): RawBuilder<unknown>[] {
  const where: RawBuilder<unknown>[] = [];
  const b = filter.bounds;
  if (b) where.push(sql`lat BETWEEN ${b.south} AND ${b.north} AND lng BETWEEN ${b.west} AND ${b.east}`);
  if (filter.op) where.push(sql.ref(operationColumn(filter.op)));
  if (filter.status) where.push(sql`is_active = ${filter.status === 'active'}`);
  const price = filterPriceSql(filter.op, rates);
  if (filter.priceMin !== null) where.push(sql`${price} >= ${filter.priceMin}`);
  if (filter.priceMax !== null) where.push(sql`${price} <= ${filter.priceMax}`);
  if (filter.minRooms > 0) where.push(sql`rooms >= ${filter.minRooms}`);
  if (filter.minBathrooms > 0) where.push(sql`bathrooms >= ${filter.minBathrooms}`);
  if (filter.minParking > 0) where.push(sql`parking_spots >= ${filter.minParking}`);
  if (filter.types.length > 0) where.push(sql`property_type = ANY(${[...filter.types]}::text[])`);
  if (filter.amenities.length > 0) where.push(sql`amenities @> ${[...filter.amenities]}::text[]`);
  return where;
}

/**
 * SQL ORDER BY of the filter's order, with puid as the last key (a stable page order): newest/oldest by
 * published_at, priciest/cheapest by filterPriceSql. An unknown date (issue 10) comes last in both 'newest' ('Más
 * recientes') and 'oldest' ('Más antiguas'), as in the search index.
 */
export function filterOrderSql(filter: ListingFilter, rates: ExchangeRates): RawBuilder<unknown> {
  const price = filterPriceSql(filter.op, rates);
  switch (filter.orderBy) {
    case 'oldest': return sql`published_at ASC NULLS LAST, puid`;
    case 'priciest': return sql`${price} DESC, puid`;
    case 'cheapest': return sql`${price} ASC, puid`;
    default: return sql`published_at DESC NULLS LAST, puid`;
  }
}
