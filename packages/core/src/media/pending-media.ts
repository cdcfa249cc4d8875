import { sql, type Kysely } from 'kysely';
import type { Database, DB } from '@nj/db';
import type { MediaStorage } from './storage/media-storage.ts';

/**
 * The journal of stored objects no committed row references (table media_pending, migration 011; issue 7 §7 "files
 * left by an interrupted upload are removed and never served"):
 * - an upload records its keys (recordPendingKeys, committed) BEFORE writing the files, and removes them
 *   (settlePendingKeys) in the same transaction that commits the row referencing them;
 * - a change that drops a reference records the old keys in its transaction (recordPendingKeys with the
 *   transaction) and deletes the files after the commit (discardMediaKeys).
 * If the process dies in between, the keys stay in the journal and sweepPendingMedia deletes their files later.
 * /media serves only keys a committed row references (findMediaAccess), so a pending file is never served.
 */

type Q = Kysely<DB>;

/** Records storage keys as pending (idempotent). Takes the database or a transaction. */
export async function recordPendingKeys(db: Q, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await sql`INSERT INTO media_pending (key) VALUES ${sql.join(keys.map((k) => sql`(${k})`))} ON CONFLICT (key) DO NOTHING`.execute(db);
}

/**
 * Removes keys from the journal inside the transaction that commits the row referencing them. Returns how many
 * were still recorded, so a caller can tell that a sweep took some (then it must not commit the reference).
 */
export async function settlePendingKeys(db: Q, keys: string[]): Promise<number> {
  if (keys.length === 0) return 0;
  const gone = await sql<{ key: string }>`DELETE FROM media_pending WHERE key IN (${sql.join(keys)}) RETURNING key`.execute(db);
  return gone.rows.length;
}

/**
 * Deletes the stored objects of `keys`, then their journal rows (a key whose delete failed keeps its row, so a
 * later sweep retries). Returns how many objects were deleted. Best effort: never throws; failures are logged.
 */
export async function discardMediaKeys(deps: { database: Database; storage: MediaStorage }, keys: string[]): Promise<number> {
  if (keys.length === 0) return 0;
  const results = await Promise.allSettled(keys.map((k) => deps.storage.delete(k)));
  const deleted = keys.filter((_, i) => results[i]!.status === 'fulfilled');
  if (deleted.length < keys.length) console.error(`discardMediaKeys: ${keys.length - deleted.length} objects could not be deleted; the sweep retries`);
  try {
    await settlePendingKeys(deps.database.db, deleted);
  } catch (error) {
    console.error('discardMediaKeys: journal not updated', error instanceof Error ? error.message : error);
  }
  return deleted.length;
}

/**
 * Deletes the files of journal rows older than `olderThanSeconds` (0 = every row recorded before this call), in
 * batches of `batch`, then their rows. Use 0 only when no other process can be uploading (PGlite: one process owns
 * the database, so at start every row is left by a dead process); otherwise a grace longer than any upload.
 * Returns how many keys were swept. Throws only when the journal cannot be read.
 */
export async function sweepPendingMedia(
  deps: { database: Database; storage: MediaStorage },
  options: { olderThanSeconds: number; batch?: number },
): Promise<number> {
  const batch = options.batch ?? 500;
  let swept = 0;
  const seen = new Set<string>();
  for (;;) {
    const rows = await sql<{ key: string }>`
      SELECT key FROM media_pending WHERE created_at < now() - make_interval(secs => ${options.olderThanSeconds})
      ORDER BY created_at, key LIMIT ${batch}`.execute(deps.database.db);
    const keys = rows.rows.map((r) => r.key).filter((k) => !seen.has(k));
    if (keys.length === 0) return swept;
    keys.forEach((k) => seen.add(k));
    swept += await discardMediaKeys(deps, keys);
    if (rows.rows.length < batch) return swept;
  }
}

/**
 * When media is swept: the journal at start (every row on PGlite, where one process owns the database; rows older
 * than the grace on PostgreSQL, where other processes may be uploading) and then by the scheduled job
 * `media.sweep-pending` every 10 minutes (rows older than `graceSeconds`, far longer than any upload takes); the
 * whole storage for unreferenced files (sweepOrphanMedia) by the job `media.sweep-orphans` every 6 hours (and at start
 * on PGlite), for objects older than `orphanGraceSeconds`. The schedules are in apps/server/src/jobs/job-handlers.ts.
 */
export const PENDING_MEDIA_SWEEP = {
  graceSeconds: 30 * 60,
  orphanGraceSeconds: 60 * 60,
} as const;
