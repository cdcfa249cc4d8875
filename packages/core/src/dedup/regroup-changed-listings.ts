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
 * The incremental regrouping (issue 16; decision 034), run every minute by the job queue: drains the queue of
 * listings whose grouping inputs changed (dedup_dirty, filled by migration 055's triggers; views, shares, likes and
 * inquiries never queue a listing), regrouping their neighbourhoods in one pass, and removes the entries handled in
 * the write transaction. Never grouped yet (the first start) or more than INCREMENTAL_MAX queued: the full grouping
 * instead. Its own writes queue nothing, so a run after a quiet minute reads one short query and writes nothing.
 * @returns what it did: 'full' with the report, 'changed' with the listings looked at and rows written
 * @throws the database's errors
 */
export async function regroupChangedListings(database: Database, rates: ExchangeRates): Promise<
  { kind: 'full'; listings: number; groups: number; written: number } | { kind: 'changed'; listings: number; written: number }
> {
  const { db } = database;
  const state = await dedupRepository.state(db);
  const queued = state.full_at === null ? [] : await dedupRepository.dirty(db, INCREMENTAL_MAX + 1);
  if (state.full_at === null || queued.length > INCREMENTAL_MAX) {
    const r = await regroupAllListings(database, rates);
    return { kind: 'full', listings: r.listings, groups: r.groups, written: r.written };
  }
  if (!queued.length) return { kind: 'changed', listings: 0, written: 0 };
  const written = await regroupListings(database, rates, queued.map((c) => c.puid), (trx) => dedupRepository.clearDirty(trx, queued));
  return { kind: 'changed', listings: queued.length, written };
}
