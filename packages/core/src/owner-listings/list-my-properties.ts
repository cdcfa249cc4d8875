import { MY_PROPERTIES_PAGE_SIZE, type TMyPropertiesResult } from '@nj/contracts';
import type { Database } from '@nj/db';
import { propertiesRepository } from '../search/properties-repository.ts';
import { presentSummary } from '../search/present-property.ts';
import type { ExchangeRates } from '../search/index/property-index.ts';
import { markLiked } from '../likes/mark-liked.ts';
import { statsRepository } from '../stats/stats-repository.ts';
import { toOwnerStats } from '../stats/owner-stats.ts';
import { ownerListingsRepository, type OwnerListFilter } from './owner-listings-repository.ts';

/**
 * The signed-in client's own listings, active and inactive, as cards with owner metrics (GET /api/v1/properties/my
 * and GET /api/v2/properties/my; spec 01 §2 "/mis-propiedades" and owner metrics, §7; spec 03 §7). Only listings
 * whose owner_cuid is `cuid`: there is no way to name another client. Each card carries `owner_stats` (appears,
 * ctr = views / appears, views, likes, inquiries, leads, shares) and `can_see_stats: true` (the owner always may;
 * the UI shows '-' when it is false). Prices in their own currency with `amount_mxn` from `rates`.
 *
 * @param options.filter status, search text (title, address, 'NJ-…' code), bounds, op, prices (MXN), minimums,
 *   types, order (default newest)
 * @param options.page 1-based page of 20; default 1
 * @returns `{ properties, total, page, page_size }`
 * @throws only database errors
 */
export async function listMyProperties(database: Database, options: {
  cuid: string; filter: OwnerListFilter; page?: number | undefined; rates: ExchangeRates;
}): Promise<TMyPropertiesResult> {
  const page = options.page ?? 1;
  const { puids, total } = await ownerListingsRepository.page(
    database, options.cuid, options.filter, options.rates, MY_PROPERTIES_PAGE_SIZE, (page - 1) * MY_PROPERTIES_PAGE_SIZE);
  const [rows, totals] = await Promise.all([
    propertiesRepository.findByPuids(database, puids),
    statsRepository.totals(database, puids),
  ]);
  const byPuid = new Map(rows.map((r) => [r.puid, r]));
  const cards = await markLiked(database, options.cuid, puids.flatMap((puid) => {
    const row = byPuid.get(puid);
    return row ? [presentSummary(row, { op: options.filter.opType ?? null, rates: options.rates })] : [];
  }));
  const properties = cards.map((card) => ({ ...card, owner_stats: toOwnerStats(totals.get(card.uid)), can_see_stats: true }));
  return { properties, total, page, page_size: MY_PROPERTIES_PAGE_SIZE };
}
