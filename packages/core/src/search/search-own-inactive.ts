import { SEARCH_PAGE_SIZE, type TSearchQuery, type TSearchResult } from '@nj/contracts';
import type { Database } from '@nj/db';
import { propertiesRepository } from '../properties/properties-repository.ts';
import { presentSummary } from '../properties/present-property.ts';
import { formatShortPrice } from './format-price.ts';
import type { ExchangeRates } from '../properties/exchange-rates.ts';
import { nearestLocality } from './locality.ts';
import { markLiked } from '../likes/mark-liked.ts';
import { latToY, lngToX, xToLng, yToLat } from './index/mercator.ts';
import type { SearchArea } from './index/search-area.ts';
import type { Operation } from '../properties/operation.ts';
import { resolveSearchPlace } from './resolve-search-place.ts';
import { compileDrawnArea } from './compile-drawn-area.ts';

/**
 * Search with `status=inactive` (spec 01 §5 filter state): deactivated listings are shown to nobody but their owner
 * (issue 7 §7), so this answers only the signed-in client's own deactivated listings inside the bounds, newest
 * first, each as its own pin (an owner has few), with the same ZSearchResult shape as the map search; a visitor or
 * anonymous client (`cuid` undefined) gets an empty result. With `place` (a place slug; issue 9 §2–§3) only those
 * inside the place's area count, by the same rule and the same point test as the active search (resolveSearchPlace:
 * its INEGI or colonia polygon, else its bbox or a circle around its point; search-properties.ts). Other filters
 * than op_type and place do not apply here. Throws AppError NOT_FOUND (SEARCH_MESSAGES.unknownPlace) for an unknown
 * place, for anyone (as the active search does), and the database's errors.
 */
export async function searchOwnInactive(options: {
  database: Database; query: TSearchQuery; rates: ExchangeRates; cuid: string | undefined;
}): Promise<TSearchResult> {
  const { database, query } = options;
  const page = query.page ?? 1;
  const op = query.op_type ?? null;
  const centerLat = (query.north + query.south) / 2;
  const centerLng = (query.east + query.west) / 2;
  // Resolved first, as the active search does: an unknown place is a 404 whoever asks.
  const placeArea = query.place ? (await resolveSearchPlace(database, query.place)).area : null;
  // Issue 17: a drawn area or 'cerca de' narrows it the same way (both must hold with a place).
  const drawn = compileDrawnArea(query);
  const area = drawn && placeArea ? drawn.intersect(placeArea) : (drawn ?? placeArea);
  const bounds = { north: query.north, south: query.south, east: query.east, west: query.west };
  const [found, place] = await Promise.all([
    !options.cuid
      ? Promise.resolve({ puids: [], total: 0 })
      : area
        ? ownInactiveInArea(database, { ...bounds, cuid: options.cuid, op, area, offset: (page - 1) * SEARCH_PAGE_SIZE })
        : propertiesRepository.ownInactiveInBounds(database, {
          ...bounds, cuid: options.cuid, op, offset: (page - 1) * SEARCH_PAGE_SIZE, limit: SEARCH_PAGE_SIZE,
        }),
    nearestLocality(database, centerLat, centerLng),
  ]);
  const rows = await propertiesRepository.findByPuids(database, found.puids);
  const byPuid = new Map(rows.map((r) => [r.puid, r]));
  const ordered = found.puids.flatMap((p) => (byPuid.has(p) ? [byPuid.get(p)!] : []));
  const properties = await markLiked(database, options.cuid, ordered.map((row) => presentSummary(row, { op, rates: options.rates })));
  const clusters = query.map === '1'
    ? properties.map((p, i) => {
      const row = ordered[i]!;
      return {
        lat: row.lat, lng: row.lng, count: 1, bounds: { north: row.lat, south: row.lat, east: row.lng, west: row.lng },
        expansion_zoom: 16, uid: p.uid, slug: p.slug, price_label: formatShortPrice(p.price.amount, p.price.currency_type),
      };
    })
    : [];
  return {
    properties, clusters, total: found.total, page, page_size: SEARCH_PAGE_SIZE,
    location: { lat: centerLat, lng: centerLng, city: place.city, region: place.region, country: 'México' },
  };
}

const EDGE_DEG = 1e-9;

/**
 * One page (SEARCH_PAGE_SIZE from `offset`) of the owner's deactivated listings inside both the bounds (degrees) and
 * `area`, newest first, and their total. The bounds are first cut to the area's bbox; each point is then tested with
 * the area's own test in normalised Web-Mercator (SearchArea.contains), the one the in-memory index applies to
 * active listings, so a listing counts here exactly when it would count there once active. Returns
 * `{ puids, total }`; throws the database's errors.
 */
async function ownInactiveInArea(database: Database, q: {
  north: number; south: number; east: number; west: number; cuid: string; op: Operation | null; area: SearchArea; offset: number;
}): Promise<{ puids: string[]; total: number }> {
  const { area } = q;
  if (area.empty) return { puids: [], total: 0 };
  // Mercator y grows south: the area's minY is its north edge. A hair wider (1e-9°, ~0.1 mm) than the bbox so a
  // point on its edge is not lost to rounding in the round trip from degrees; the area test decides.
  const north = Math.min(q.north, yToLat(area.minY) + EDGE_DEG);
  const south = Math.max(q.south, yToLat(area.maxY) - EDGE_DEG);
  const east = Math.min(q.east, xToLng(area.maxX) + EDGE_DEG);
  const west = Math.max(q.west, xToLng(area.minX) - EDGE_DEG);
  if (north < south || east < west) return { puids: [], total: 0 };
  const points = await propertiesRepository.ownInactivePointsInBounds(database, { north, south, east, west, cuid: q.cuid, op: q.op });
  const inside = points.filter((p) => area.contains(lngToX(p.lng), latToY(p.lat)));
  return { puids: inside.slice(q.offset, q.offset + SEARCH_PAGE_SIZE).map((p) => p.puid), total: inside.length };
}
