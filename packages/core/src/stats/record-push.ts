import { isbot } from 'isbot';
import type { TPushResult } from '@nj/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '@nj/db';
import { statsRepository, type StatKind } from './stats-repository.ts';

/** True when the User-Agent is a known crawler or bot (isbot); such requests are never counted. */
export function isBotUserAgent(userAgent: string | undefined): boolean {
  return isbot(userAgent ?? '');
}

/**
 * Applies one client push of counts (views or appearances; spec 01 §4 "Viewing", §7) exactly once: the push id is
 * recorded in `stats_pushes` in the same transaction as the counts, so a retry of the same push (same cuid and
 * push id) changes nothing and a failure counts nothing. Items inside the 5 s repeat window are ignored (see
 * statsRepository.credit).
 *
 * @param options.cuid the session's client (anonymous allowed)
 * @param options.items puid → count reported by the client (≥ 0)
 * @returns `{ counted, duplicate, ignored: false }`; counted = total credited
 * @throws only database errors
 */
export async function recordPush(database: Database, options: {
  cuid: string; pushId: string; kind: Exclude<StatKind, 'share'>; items: Map<string, number>;
  /** Other counts of the same push, written in its transaction only when the push is new (issue 16: ad impressions). */
  alsoInTransaction?: (trx: Kysely<any>) => Promise<unknown>;
}): Promise<TPushResult> {
  return database.db.transaction().execute(async (trx) => {
    const fresh = await statsRepository.claimPush(trx, options.cuid, options.pushId, options.kind);
    if (!fresh) return { counted: 0, duplicate: true, ignored: false };
    const credited = await statsRepository.credit(trx, options.cuid, options.kind, options.items);
    if (options.alsoInTransaction) await options.alsoInTransaction(trx);
    let counted = 0;
    for (const c of credited.values()) counted += c;
    return { counted, duplicate: false, ignored: false };
  });
}
