import type { Database } from '@nj/db';
import type { ExchangeRates } from '../properties/exchange-rates.ts';
import { dedupRepository } from './dedup-repository.ts';
import { regroupAllListings } from './regroup-all-listings.ts';
import { regroupListings } from './regroup-listings.ts';

/** Job names: the incremental regrouping (every minute) and the full one (nightly). */
export const DEDUP_CHANGED_JOB = 'dedup.regroup_changed';
export const DEDUP_FULL_JOB = 'dedup.regroup_all';
/** Most changed listings one incremental run regroups one by one; beyond it the run regroups everything. */
const INCREMENTAL_MAX = 500;

/**
 * The incremental regrouping (issue 16; decision 034), run every minute by the job queue: regroups the
 * neighbourhoods of the listings written since the watermark (dedup_state.seen_seq) and moves the watermark. Never
 * grouped yet (watermark 0, the first start) or more than INCREMENTAL_MAX changes: the full grouping instead. Its
 * own writes raise change_seq too; the next run finds those listings already grouped and writes nothing.
 * @returns what it did: 'full' with the report, 'changed' with the listings looked at and rows written
 * @throws the database's errors
 */
export async function regroupChangedListings(database: Database, rates: ExchangeRates): Promise<
  { kind: 'full'; listings: number; groups: number; written: number } | { kind: 'changed'; listings: number; written: number }
> {
  const { db } = database;
  const state = await dedupRepository.state(db);
  if (state.full_at === null) {
    const r = await regroupAllListings(database, rates);
    return { kind: 'full', listings: r.listings, groups: r.groups, written: r.written };
  }
  const changed = await dedupRepository.changedSince(db, state.seen_seq, INCREMENTAL_MAX + 1);
  if (changed.length > INCREMENTAL_MAX) {
    const r = await regroupAllListings(database, rates);
    return { kind: 'full', listings: r.listings, groups: r.groups, written: r.written };
  }
  if (!changed.length) return { kind: 'changed', listings: 0, written: 0 };
  const written = await regroupListings(database, rates, changed.map((c) => c.puid));
  await dedupRepository.saveState(db, changed[changed.length - 1]!.change_seq, false);
  return { kind: 'changed', listings: changed.length, written };
}
