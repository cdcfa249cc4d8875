import type { TPushResult, TViewsPush } from '@nj/contracts';
import type { Database } from '@nj/db';
import { recordPush } from './record-push.ts';

/**
 * Views push (POST /api/v1/properties/views; spec 01 §4 "Viewing", §7 "Views push", every 60 s). Counts the
 * `prop_{puid}` items of `push.data` as listing views of the session's client; `ad_…` and `win_view_…` items and
 * `ads_data` are accepted and not counted (ads are not built). An item is a count or `{ count, last_seen }`.
 * The same push twice counts once; repeats inside 5 s are ignored. The caller drops bots before calling.
 *
 * @returns `{ counted, duplicate, ignored }` (counted = views credited)
 * @throws only database errors
 */
export async function recordViews(database: Database, options: { cuid: string; push: TViewsPush }): Promise<TPushResult> {
  const items = new Map<string, number>();
  for (const [key, value] of Object.entries(options.push.data)) {
    if (!key.startsWith('prop_')) continue;
    const puid = key.slice('prop_'.length);
    if (!puid) continue;
    const count = typeof value === 'number' ? value : value.count;
    items.set(puid, Math.max(items.get(puid) ?? 0, count));
  }
  return recordPush(database, { cuid: options.cuid, pushId: options.push.push_id, kind: 'view', items });
}
