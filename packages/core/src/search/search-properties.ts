import { SEARCH_PAGE_SIZE, type TSearchQuery, type TSearchResult } from '@nj/contracts';
import type { Database } from '@nj/db';
import { propertiesRepository, type PropertyRow } from '../properties/properties-repository.ts';
import { presentSummary } from '../properties/present-property.ts';
import type { ExchangeRates } from '../properties/exchange-rates.ts';
import { indexQueryOf, listingFilter, type ListingFilter } from '../properties/listing-filter.ts';
import { formatShortPrice } from './format-price.ts';
import { groupClusters } from './group-clusters.ts';
import { xToLng, yToLat } from './index/mercator.ts';
import type { IndexQuery, MemberSet } from './index/property-index.ts';
import type { IndexSync } from './index/sync-index.ts';
import { nearestLocality } from './locality.ts';
import { markLiked } from '../likes/mark-liked.ts';
import { resolveSearchPlace } from './resolve-search-place.ts';
import { compileDrawnArea } from './compile-drawn-area.ts';
import { attachAlsoOn } from '../dedup/attach-also-on.ts';
import { attachPriceDrops } from '../market/attach-price-drops.ts';

export type SearchConfig = { exchangeRates: ExchangeRates };

/**
 * Degrees rounded to 6 decimals (~0.1 m): clusters and pins need no more, and full doubles made up a third of a
 * map answer's bytes (issue 7 "Under load": slimmer answers). Takes and returns degrees.
 */
export function round6(v: number): number {
  return Math.round(v * 1e6) / 1e6;
}

/**
 * The search query's filters as the shared ListingFilter (spec 01 §4–§5, §9; issue 8 §3): bounds (degrees), op_type
 * rent/sale or both, price_min/price_max in MXN (a price_max at the operation's ceiling means no ceiling, a
 * price_min of 0 means no floor: listingFilter's rules), minimums, types, amenities, status active by default,
 * order newest by default.
 */
export function searchFilter(query: TSearchQuery): ListingFilter {
  return listingFilter({
    bounds: { north: query.north, south: query.south, east: query.east, west: query.west },
    op: query.op_type,
    priceMin: query.price_min,
    priceMax: query.price_max,
    minRooms: query.min_rooms,
    minBathrooms: query.min_bathrooms,
    minParking: query.min_parking_spots,
    types: query.property_types,
    amenities: query.amenities,
    status: query.status ?? 'active',
    orderBy: query.order_by,
  });
}

/**
 * Turns a validated search query into index terms: searchFilter() through indexQueryOf() (bounds → normalised
 * Mercator), with page 1-based of SEARCH_PAGE_SIZE and clusters when `map=1`. Zoom defaults to the one that shows
 * the bounds 1280 px wide.
 */
export function toIndexQuery(query: TSearchQuery): IndexQuery {
  const page = query.page ?? 1;
  return indexQueryOf(searchFilter(query), {
    zoom: query.zoom, offset: (page - 1) * SEARCH_PAGE_SIZE, limit: SEARCH_PAGE_SIZE, withClusters: query.map === '1',
  });
}

/**
 * Map and list search (POST /api/v1/properties/search; spec 01 §3 "Map response", §7). Brings the process's index
 * up to date with the database (so a listing changed by any process is seen at once), runs one index pass for
 * total, clusters (with `map=1`) and the page, reads the page's rows by puid, and names the viewport centre.
 * Returns ZSearchResult: properties (one page, in order), clusters (listings at one point grouped, overlapping circles
 * merged: group-clusters.ts), total, page, page_size, location. Prices MXN.
 * With `cuid` (a registered client) the page's cards carry `is_liked` for that client (one more query).
 * With `place` (a place slug; issue 9 §2–§3) only listings inside that place's area (resolveSearchPlace: its INEGI or
 * colonia polygon, else its bbox or a circle around its point) and the viewport are counted, listed and clustered.
 * With `area` (drawn polygons) or `near` ('cerca de' circle; issue 17, compile-drawn-area.ts) only listings inside
 * them, exactly, on top of the viewport and the place.
 * With `members` (a branded site's members, issue 15; decision 030) only listings whose owner or assigned agent is one.
 * Throws AppError NOT_FOUND for an unknown place, and the database's errors.
 */
export async function searchProperties(options: {
  index: IndexSync; database: Database; query: TSearchQuery; config: SearchConfig; cuid?: string | undefined;
  members?: MemberSet | null;
}): Promise<TSearchResult> {
  const { index: sync, database, query, config } = options;
  const q = toIndexQuery(query);
  q.members = options.members ?? null;
  // Issue 9 §2–§3: a place narrows the viewport to its area (resolved before anything else: an unknown slug is a 404).
  if (query.place) q.area = (await resolveSearchPlace(database, query.place)).area;
  // Issue 17: drawn polygons or 'cerca de' limit it further (exactly, not by their bbox; with a place, both must hold).
  const drawn = compileDrawnArea(query);
  if (drawn) q.area = q.area ? drawn.intersect(q.area) : drawn;
  const centerLat = yToLat((q.minY + q.maxY) / 2);
  const centerLng = xToLng((q.minX + q.maxX) / 2);
  const [, place] = await Promise.all([sync.refresh(), nearestLocality(database, centerLat, centerLng, query.east - query.west)]);
  const index = sync.index;
  const found = index.query(q);
  const puids = found.slots.map((s) => index.puidAt(s));
  const clusters = groupClusters(found.clusters.map((c) => {
    const lat = round6(c.lat);
    const lng = round6(c.lng);
    const b = c.bounds;
    const bounds = { north: round6(b.north), south: round6(b.south), east: round6(b.east), west: round6(b.west) };
    if (c.slot === undefined) return { lat, lng, count: c.count, bounds, expansion_zoom: c.expansion_zoom };
    const price = index.priceAt(c.slot, q.op);
    return {
      lat, lng, count: 1, bounds, expansion_zoom: c.expansion_zoom,
      uid: index.puidAt(c.slot), slug: index.slugAt(c.slot), price_label: formatShortPrice(price.amount, price.currency),
      ...(index.isApproximateAt(c.slot) ? { approximate: true } : {}),
    };
  }), q.zoom);
  // The page's rows: from the row cache when it holds the version the index has, the rest in one query.
  const seqs = found.slots.map((s) => index.seqAt(s));
  const byPuid = new Map<string, PropertyRow>();
  const missing: string[] = [];
  puids.forEach((p, i) => {
    const row = sync.rows.get(p, seqs[i]!);
    if (row) byPuid.set(p, row);
    else missing.push(p);
  });
  if (missing.length) {
    const seqOf = new Map(puids.map((p, i) => [p, seqs[i]!]));
    for (const row of await propertiesRepository.findByPuids(database, missing)) {
      byPuid.set(row.puid, row);
      sync.rows.set(row, seqOf.get(row.puid) ?? 0);
    }
  }
  const properties = await markLiked(database, options.cuid, puids.flatMap((p) => {
    const row = byPuid.get(p);
    return row ? [presentSummary(row, { op: q.op, rates: config.exchangeRates })] : [];
  }));
  // Issue 16 (decision 034): a group's one card names the group's other listings ('También en…').
  // On a branded site every member's listing shows (duplicates of non-members do not hide it) and 'También en…'
  // names only members' listings (decision 030).
  const members = q.members;
  if (members) await attachAlsoOn(database, properties, (puid) => index.isListingOf(puid, members));
  else if (found.slots.some((s) => index.isGroupedAt(s))) await attachAlsoOn(database, properties);
  // Issue 17: the 'Bajó de precio' badge of the page's cards (one query by puid).
  await attachPriceDrops(database, properties);
  return {
    properties,
    clusters,
    total: found.total,
    page: query.page ?? 1,
    page_size: SEARCH_PAGE_SIZE,
    location: { lat: centerLat, lng: centerLng, city: place.city, region: place.region, country: 'México' },
  };
}
