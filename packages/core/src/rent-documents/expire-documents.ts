import { sql } from 'kysely';
import type { Database } from '@nj/db';
import { discardMediaKeys, recordPendingKeys } from '../media/pending-media.ts';
import type { MediaStorage } from '../media/storage/media-storage.ts';

/** Job (cron) name of the retention sweep of personal documents (decision 016). */
export const EXPIRE_DOCUMENTS_JOB = 'documents.expire';

/**
 * How long documents are kept without a purpose (decision 016; LFPDPPP: personal data are kept only as long as the
 * purpose they were given for needs them): the proofs of a rent that ended without a lease (discarded by either
 * side, or the listing withdrawn), days after the rent's last change; and a client's INE, days after its last upload
 * while no rent of theirs is in a proposal or later (the INE is reused from one application to the next).
 */
export const DOCUMENT_RETENTION = { endedRentDays: 90, idleIdentityDays: 365 } as const;

/** Steps of a rent that ended without a lease. */
const ENDED_STEPS = ['owner_discard', 'renter_discard', 'property_invalid'];
/** Steps in which a client's documents are in use: a proposal, an accepted offer, a contract, a lease. */
const IN_USE_STEPS = ['client_offer_in_process', 'on_offer', 'on_accepted_offer', 'on_contract_sign', 'on_rent'];

/**
 * Deletes personal documents past their retention (decision 016), with their sealed files: per batch one transaction
 * deletes the rows and journals the files in media_pending, and the files are deleted after the commit (a crash in
 * between leaves them to the journal's sweep). Safe to run again: a second run finds nothing.
 * @param options `{ now? (default now), endedRentDays?, idleIdentityDays?, batch? (rows per transaction, 200) }`
 * @returns `{ documents, files }` removed
 * @throws database errors (file deletions are best effort and retried by the media sweeps)
 */
export async function expireDocuments(
  deps: { database: Database; storage: MediaStorage },
  options: { now?: Date; endedRentDays?: number; idleIdentityDays?: number; batch?: number } = {},
): Promise<{ documents: number; files: number }> {
  const now = (options.now ?? new Date()).getTime();
  const endedBefore = new Date(now - (options.endedRentDays ?? DOCUMENT_RETENTION.endedRentDays) * 86_400_000);
  const idleBefore = new Date(now - (options.idleIdentityDays ?? DOCUMENT_RETENTION.idleIdentityDays) * 86_400_000);
  const batch = options.batch ?? 200;
  let documents = 0;
  let files = 0;
  for (;;) {
    const done = await deps.database.db.transaction().execute(async (trx) => {
      const rows = (await sql<{ slug: string; storage_key: string }>`
        SELECT d.slug, d.storage_key FROM person_documents d
        WHERE (d.ruid IS NOT NULL AND EXISTS (
                 SELECT 1 FROM rents r WHERE r.ruid = d.ruid AND r.step IN (${sql.join(ENDED_STEPS)}) AND r.updated_at < ${endedBefore}))
           OR (d.ruid IS NULL AND d.updated_at < ${idleBefore}
               AND NOT EXISTS (SELECT 1 FROM rents r WHERE r.renter_cuid = d.cuid AND r.step IN (${sql.join(IN_USE_STEPS)}))
               AND NOT EXISTS (SELECT 1 FROM rent_persons p JOIN rents r ON r.ruid = p.ruid
                               WHERE p.cuid = d.cuid AND r.step IN (${sql.join(IN_USE_STEPS)})))
        ORDER BY d.slug LIMIT ${batch} FOR UPDATE OF d SKIP LOCKED`.execute(trx)).rows;
      if (rows.length === 0) return null;
      await recordPendingKeys(trx, rows.map((r) => r.storage_key));
      await trx.deleteFrom('person_documents').where('slug', 'in', rows.map((r) => r.slug)).execute();
      documents += rows.length;
      return { keys: rows.map((r) => r.storage_key), full: rows.length === batch };
    });
    if (!done) break;
    files += await discardMediaKeys(deps, done.keys);
    if (!done.full) break;
  }
  return { documents, files };
}
