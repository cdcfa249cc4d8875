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
 * Moves the incremental job's watermark to the change_seq read before starting. Used by the job on first start,
 * nightly, and by `npm run bench:dedup`.
 * @returns RegroupReport
 * @throws the database's errors
 */
export async function regroupAllListings(database: Database, rates: ExchangeRates): Promise<RegroupReport> {
  const started = performance.now();
  const { db } = database;
  const seq = await dedupRepository.maxSeq(db);
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
  const written = writes.length ? await db.transaction().execute((trx) => dedupRepository.write(trx, writes)) : 0;
  await dedupRepository.saveState(db, seq, true);
  return {
    listings: candidates.length, groups: new Set([...groups.values()].map((a) => a.group)).size, grouped: groups.size,
    written, ms: performance.now() - started,
  };
}
