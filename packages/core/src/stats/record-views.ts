import type { TPushResult, TViewsPush } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AD_UID } from '@nj/contracts';
import { adsRepository } from '../ads/ads-repository.ts';
import { recordPush } from './record-push.ts';

/** Most impressions of one ad one push may report (a push comes every 60 s; a card shown for a minute is one). */
export const AD_IMPRESSIONS_PER_PUSH = 10;

/**
 * Views push (POST /api/v1/properties/views; spec 01 §4 "Viewing", §7 "Views push", every 60 s). Counts the
 * `prop_{puid}` items of `push.data` as listing views of the session's client, and `ad_…` items (an ad's ad_uid, in `ads_data` or `data`) as impressions
 * of map ads (issue 16; at most AD_IMPRESSIONS_PER_PUSH per ad and push, never past the ad's budget, in the same
 * transaction and exactly-once claim as the views); `win_view_…` items and other `ads_data` keys are accepted and not counted.
 * An item is a count or `{ count, last_seen }`.
 * The same push twice counts once; repeats inside 5 s are ignored. The caller drops bots before calling.
 *
 * @returns `{ counted, duplicate, ignored }` (counted = views credited)
 * @throws only database errors
 */
export async function recordViews(database: Database, options: { cuid: string; push: TViewsPush }): Promise<TPushResult> {
  const items = new Map<string, number>();
  const ads = new Map<string, number>();
  // Ad impressions: `ad_…` keys of `ads_data` (where the browser's view counter puts them) or of `data`.
  for (const [key, value] of [...Object.entries(options.push.ads_data ?? {}), ...Object.entries(options.push.data)]) {
    if (!AD_UID.test(key)) continue;
    const raw = typeof value === 'number' ? value : (value as { count?: unknown } | null)?.count;
    const count = typeof raw === 'number' && Number.isFinite(raw) ? Math.trunc(raw) : 0;
    if (count > 0) ads.set(key, Math.min(AD_IMPRESSIONS_PER_PUSH, Math.max(ads.get(key) ?? 0, count)));
  }
  for (const [key, value] of Object.entries(options.push.data)) {
    if (!key.startsWith('prop_')) continue;
    const puid = key.slice('prop_'.length);
    if (!puid) continue;
    const count = typeof value === 'number' ? value : value.count;
    items.set(puid, Math.max(items.get(puid) ?? 0, count));
  }
  return recordPush(database, {
    cuid: options.cuid, pushId: options.push.push_id, kind: 'view', items,
    ...(ads.size ? { alsoInTransaction: (trx) => adsRepository.creditImpressions(trx, ads) } : {}),
  });
}
