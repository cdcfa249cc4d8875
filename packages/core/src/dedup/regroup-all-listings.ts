import type { Database } from '@nj/db';
import type { ExchangeRates } from '../properties/exchange-rates.ts';
import { dedupRepository } from './dedup-repository.ts';
import { groupDuplicates } from './group-duplicates.ts';
import type { DupCandidate } from './duplicate-rule.ts';

/** What a grouping run did: listings read, groups found, listings in them, rows written, time (ms). */
export type RegroupReport = { listings: number; groups: number; grouped: number; written: number; ms: number };

/**
 * Groups every active listing from scratch (issue 16 'Cross-source de-duplication'; decision 034): reads all active
 * listings (batches of 20,000), groups them (group-duplicates.ts: a spatial grid, never n²), and writes
 * `dup_group` / `dup_hidden` only where they changed, clearing listings no longer in a group (inactive ones too).
 * In the same transaction as the writes, removes the queue entries (dedup_dirty, migration 055) present before it
 * read the listings, and stamps dedup_state.full_at. Its own writes queue nothing, so the next incremental run has
 * nothing to do unless a listing changed meanwhile. Used on first start, nightly, by the incremental job past 500
 * queued listings, and by `npm run bench:dedup`.
 * @returns RegroupReport
 * @throws the database's errors
 */
export async function regroupAllListings(database: Database, rates: ExchangeRates): Promise<RegroupReport> {
  const started = performance.now();
  const { db } = database;
  const handled = await dedupRepository.dirty(db, Number.MAX_SAFE_INTEGER);
  const candidates: DupCandidate[] = [];
  let after = '';
  for (;;) {
    const rows = await dedupRepository.activeCandidatesAfter(db, after, 20_000);
    candidates.push(...rows);
    if (rows.length < 20_000) break;
    after = rows[rows.length - 1]!.puid;
  }
  const groups = groupDuplicates(candidates, rates);
  const current = await dedupRepository.currentGroups(db);
  const writes: { puid: string; group: string | null; hidden: boolean }[] = [];
  for (const [puid, a] of groups) {
    const now = current.get(puid);
    if (!now || now.group !== a.group || now.hidden !== a.hidden) writes.push({ puid, group: a.group, hidden: a.hidden });
  }
  for (const puid of current.keys()) if (!groups.has(puid)) writes.push({ puid, group: null, hidden: false });
  const written = await db.transaction().execute(async (trx) => {
    const n = writes.length ? await dedupRepository.write(trx, writes) : 0;
    await dedupRepository.clearDirty(trx, handled);
    await dedupRepository.markFull(trx);
    return n;
  });
  return {
    listings: candidates.length, groups: new Set([...groups.values()].map((a) => a.group)).size, grouped: groups.size,
    written, ms: performance.now() - started,
  };
}
