import type { TAppearPush, TPushResult } from '@nj/contracts';
import type { Database } from '@nj/db';
import { recordPush } from './record-push.ts';

/**
 * Appearances (POST /api/v2/properties/appear; spec 01 §7, §2 owner metric "appears"): each listed puid shown to the
 * session's client counts one appearance, at most once per client and listing per 5 s; the same push id twice
 * counts once; unknown puids are skipped. The caller drops bots before calling.
 *
 * @returns `{ counted, duplicate, ignored }` (counted = appearances credited)
 * @throws only database errors
 */
export async function recordAppearances(database: Database, options: { cuid: string; push: TAppearPush }): Promise<TPushResult> {
  const items = new Map(options.push.puids.map((p) => [p, 1] as const));
  return recordPush(database, { cuid: options.cuid, pushId: options.push.push_id, kind: 'appear', items });
}
