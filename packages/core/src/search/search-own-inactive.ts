import { SEARCH_PAGE_SIZE, type TSearchQuery, type TSearchResult } from '@nj/contracts';
import type { Database } from '@nj/db';
import { propertiesRepository } from '../properties/properties-repository.ts';
import { presentSummary } from '../properties/present-property.ts';
import { formatShortPrice } from './format-price.ts';
import type { ExchangeRates } from '../properties/exchange-rates.ts';
import { nearestLocality } from './locality.ts';
import { markLiked } from '../likes/mark-liked.ts';

/**
 * Search with `status=inactive` (spec 01 §5 filter state): deactivated listings are shown to nobody but their owner
 * (issue 7 §7), so this answers only the signed-in client's own deactivated listings inside the bounds, newest
 * first, each as its own pin (an owner has few), with the same ZSearchResult shape as the map search; a visitor or
 * anonymous client (`cuid` undefined) gets an empty result. Other filters than op_type do not apply here.
 */
export async function searchOwnInactive(options: {
  database: Database; query: TSearchQuery; rates: ExchangeRates; cuid: string | undefined;
}): Promise<TSearchResult> {
  const { database, query } = options;
  const page = query.page ?? 1;
  const op = query.op_type ?? null;
  const centerLat = (query.north + query.south) / 2;
  const centerLng = (query.east + query.west) / 2;
  const [found, place] = await Promise.all([
    options.cuid
      ? propertiesRepository.ownInactiveInBounds(database, {
        cuid: options.cuid, north: query.north, south: query.south, east: query.east, west: query.west, op,
        offset: (page - 1) * SEARCH_PAGE_SIZE, limit: SEARCH_PAGE_SIZE,
      })
      : Promise.resolve({ puids: [], total: 0 }),
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
