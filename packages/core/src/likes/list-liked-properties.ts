import { LIKED_PAGE_SIZE, type TLikedResult } from '@nj/contracts';
import type { Database } from '@nj/db';
import { propertiesRepository } from '../properties/properties-repository.ts';
import { presentSummary } from '../properties/present-property.ts';
import type { ExchangeRates } from '../properties/exchange-rates.ts';
import { likesRepository } from './likes-repository.ts';
import type { Actor } from '../policies/actor.ts';
import { ownRecords } from '../policies/policy.ts';
import { likePolicy } from '../policies/like.ts';
import { attachPriceDrops } from '../market/attach-price-drops.ts';

/**
 * One page of a client's liked listings as cards, newest like first (GET /api/v1/properties/liked; spec 01 §2
 * "/favoritos", §7 "Favorites"). Inactive listings are included (their card shows is_active false). Every card has
 * `is_liked: true`. Prices in their own currency with `amount_mxn` from `rates` (MXN per USD / EUR).
 *
 * @param cuid the client whose likes are listed (the caller checks it is the session's client)
 * @param options.page 1-based page of LIKED_PAGE_SIZE (20); default 1
 * @returns `{ properties, total, page, page_size }`; `properties` is empty past the last page
 * @throws only database errors
 */
export async function listLikedProperties(
  database: Database,
  options: { actor: Actor; page?: number | undefined; rates: ExchangeRates },
): Promise<TLikedResult> {
  const cuid = ownRecords(options.actor, likePolicy, 'list_own');
  const page = options.page ?? 1;
  const { puids, total } = await likesRepository.pageOfLiked(database, cuid, LIKED_PAGE_SIZE, (page - 1) * LIKED_PAGE_SIZE);
  const rows = await propertiesRepository.findByPuids(database, puids);
  const byPuid = new Map(rows.map((r) => [r.puid, r]));
  const properties = puids.flatMap((puid) => {
    const row = byPuid.get(puid);
    return row ? [{ ...presentSummary(row, { op: null, rates: options.rates }), is_liked: true }] : [];
  });
  await attachPriceDrops(database, properties); // issue 17: 'Bajó de precio'
  return { properties, total, page, page_size: LIKED_PAGE_SIZE };
}
