import { MY_PROPERTIES_PAGE_SIZE, type TMyPropertiesResult } from '@nj/contracts';
import type { Database } from '@nj/db';
import { propertiesRepository } from '../properties/properties-repository.ts';
import { presentSummary } from '../properties/present-property.ts';
import { attachAlsoOn } from '../dedup/attach-also-on.ts';
import type { ExchangeRates } from '../properties/exchange-rates.ts';
import { listingFilter, type Bounds } from '../properties/listing-filter.ts';
import type { Operation } from '../properties/operation.ts';
import type { OrderBy } from '../search/index/property-index.ts';
import { markLiked } from '../likes/mark-liked.ts';
import { toOwnerStats } from '../stats/owner-stats.ts';
import type { Actor } from '../policies/actor.ts';
import { ownRecords } from '../policies/policy.ts';
import { listingPolicy } from '../policies/listing.ts';
import { rentsRepository } from '../rents/rents-repository.ts';

/**
 * Filters of the owner's list as the routes read them from the query: the search's filters (made into the shared
 * ListingFilter, so the same rules apply) plus the text search. Prices MXN; bounds degrees; status absent = both.
 */
export type OwnerListFilter = {
  status?: 'active' | 'inactive' | undefined;
  search?: string | undefined;
  bounds?: Bounds | undefined;
  opType?: Operation | undefined;
  priceMin?: number | undefined;
  priceMax?: number | undefined;
  minRooms?: number | undefined;
  minBathrooms?: number | undefined;
  minParking?: number | undefined;
  types?: string[] | undefined;
  orderBy?: OrderBy | undefined;
};

/**
 * The signed-in client's own listings, active and inactive, as cards with owner metrics (GET /api/v1/properties/my
 * and GET /api/v2/properties/my; spec 01 §2 "/mis-propiedades" and owner metrics, §7; spec 03 §7). Only listings
 * whose owner_cuid is `cuid`: there is no way to name another client. The filters are the search's (one
 * ListingFilter, issue 8 §3: a price_max at the operation's ceiling means no ceiling, a minimum of 0 none, prices
 * compared in MXN with `rates` as the map search does). Each card carries `owner_stats` (appears, ctr = views /
 * appears, views, likes, inquiries, leads, shares), `can_see_stats: true` (the owner always may; the UI shows '-'
 * when it is false), `interested` (how many people contacted it: its rents, issue 11) and `also_on` (the other
 * listings of the same home it is grouped with, issue 16). Prices in their own currency with `amount_mxn` from `rates`.
 *
 * @param options.filter status, search text (title, address, 'NJ-…' code), bounds, op, prices (MXN), minimums,
 *   types, order (default newest)
 * @param options.page 1-based page of 20; default 1
 * @returns `{ properties, total, page, page_size }`
 * @throws only database errors
 */
export async function listMyProperties(database: Database, options: {
  actor: Actor; filter: OwnerListFilter; page?: number | undefined; rates: ExchangeRates;
}): Promise<TMyPropertiesResult> {
  const cuid = ownRecords(options.actor, listingPolicy, 'list_own');
  const page = options.page ?? 1;
  const f = options.filter;
  const filter = listingFilter({
    bounds: f.bounds, op: f.opType, priceMin: f.priceMin, priceMax: f.priceMax, minRooms: f.minRooms,
    minBathrooms: f.minBathrooms, minParking: f.minParking, types: f.types, status: f.status, orderBy: f.orderBy,
  });
  const { puids, total } = await propertiesRepository.ownerListPage(database, {
    cuid: cuid, filter, search: f.search, rates: options.rates,
    limit: MY_PROPERTIES_PAGE_SIZE, offset: (page - 1) * MY_PROPERTIES_PAGE_SIZE,
  });
  const [rows, totals, interested] = await Promise.all([
    propertiesRepository.findByPuids(database, puids),
    propertiesRepository.totals(database, puids),
    rentsRepository.countByListing(database, cuid, puids),
  ]);
  const byPuid = new Map(rows.map((r) => [r.puid, r]));
  const cards = await markLiked(database, cuid, puids.flatMap((puid) => {
    const row = byPuid.get(puid);
    return row ? [presentSummary(row, { op: filter.op, rates: options.rates })] : [];
  }));
  // Issue 16 (decision 034): the owner sees which other listings of the same home their listing is grouped with.
  await attachAlsoOn(database, cards);
  const properties = cards.map((card) => ({ ...card, owner_stats: toOwnerStats(totals.get(card.uid)), can_see_stats: true, interested: interested.get(card.uid) ?? 0 }));
  return { properties, total, page, page_size: MY_PROPERTIES_PAGE_SIZE };
}
