import type { Database } from '@nj/db';
import { draftPhotosOf } from './save-listing-draft.ts';
import { listingPhotoKeys } from './store-listing-photos.ts';
import { listingsRepository } from './listings-repository.ts';
import { discardMediaKeys, recordPendingKeys } from '../media/pending-media.ts';
import type { MediaStorage } from '../media/storage/media-storage.ts';

/** Job (cron) name of the sweep. */
export const SWEEP_STALE_DRAFTS_JOB = 'drafts.sweep';
/** Days a draft may go unchanged before it and its photo files are removed (issue 8 §4). */
export const STALE_DRAFT_DAYS = 30;

/**
 * Removes drafts of listings never published and unchanged for `olderThanDays` days (issue 8 §4 "Draft files never
 * published are swept after 30 days"), with every stored file of their photos (variants and originals). Per batch,
 * one transaction deletes the draft rows and journals their files in media_pending (migration 011); the files are
 * deleted after the commit, so a crash in between leaves them to the journal's sweep. Rows another transaction
 * holds (an owner saving right now) are skipped. Safe to run again: a second run finds nothing.
 *
 * @param options.olderThanDays days since the draft's last change (updated_at)
 * @param options.batch drafts per transaction (default 100)
 * @returns drafts removed and files deleted
 * @throws database errors (file deletions are best effort and retried by the media sweep)
 */
export async function sweepStaleDrafts(
  deps: { database: Database; storage: MediaStorage },
  options: { olderThanDays: number; batch?: number },
): Promise<{ drafts: number; files: number }> {
  const batch = options.batch ?? 100;
  let drafts = 0;
  let files = 0;
  for (;;) {
    const keys = await deps.database.db.transaction().execute(async (trx) => {
      const rows = await listingsRepository.lockStaleDrafts(trx, options.olderThanDays, batch);
      if (rows.length === 0) return null;
      const found = rows.flatMap((r) => draftPhotosOf(r.id, r.data).flatMap((p) => listingPhotoKeys(r.id, p.name, 'drafts')));
      await recordPendingKeys(trx, found);
      await listingsRepository.deleteDrafts(trx, rows.map((r) => r.id));
      drafts += rows.length;
      return { found, full: rows.length === batch };
    });
    if (!keys) break;
    files += await discardMediaKeys(deps, keys.found);
    if (!keys.full) break;
  }
  return { drafts, files };
}
