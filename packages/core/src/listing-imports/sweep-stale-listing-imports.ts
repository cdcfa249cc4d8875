import type { Database } from '@nj/db';
import type { MediaStorage } from '../media/storage/media-storage.ts';
import { listingImportsRepository } from './listing-imports-repository.ts';

/** Job name of the daily sweep of uploads never imported (apps/server/src/jobs/job-handlers.ts). */
export const SWEEP_STALE_IMPORTS_JOB = 'listings.import-sweep';

/** Days an uploaded file that was never imported is kept. */
export const STALE_IMPORT_DAYS = 7;

/**
 * Deletes the imports still 'planned' (uploaded, never imported) created more than `olderThanDays` days ago, and their
 * stored uploads: a client's file is not kept for an import that will not happen (issue 10 import page). Imports that
 * ran keep their row (the record of who imported what); their upload is already gone once done.
 * @returns how many imports were deleted
 */
export async function sweepStaleListingImports(deps: { database: Database; storage: MediaStorage }, options: { olderThanDays: number }): Promise<number> {
  const paths = await listingImportsRepository.deleteStalePlanned(deps.database, options.olderThanDays);
  for (const path of paths) await deps.storage.delete(path).catch(() => undefined);
  return paths.length;
}
