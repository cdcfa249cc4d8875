import { IMPORT_PAGE_MESSAGES as M } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { JobContext } from '../jobs/job-worker.ts';
import type { MediaStorage } from '../media/storage/media-storage.ts';
import { runFile } from './engine.ts';
import { listingImportsRepository, type TListingImportRow } from './listing-imports-repository.ts';
import { importAsOf, readStoredFile } from './load-own-import.ts';
import type { ListingImportJobPayload } from './start-listing-import.ts';

/**
 * Imports this process is running. The queue has no lease renewal: an import that outlives its job's lease (120 s)
 * may be claimed again here; that second run waits for the first instead of running the engine twice (and keeps the
 * job claimed, so a crash meanwhile still leaves it to be run again).
 */
const running = new Map<string, Promise<void>>();

/**
 * The handler of the job `listings.import` (issue 10 "the job runs in the background"): runs the engine over the
 * import's stored file with its columns, as its owner (the listings become theirs and carry the import's id), writing
 * rows done to the import after every committed batch, then the counts and the grouped report ('done'). A run cut by
 * a restart is re-run by the queue and the engine resumes after its last committed batch. An import no longer
 * 'running' (undone meanwhile, or already finished) is left alone; once done, the stored upload is deleted. On the
 * job's last attempt a failure marks the import 'failed' with a Spanish error (the engine's message for a bad file or
 * mapping); the error is rethrown so the queue records it.
 *
 * @param payload `{ id }` of the import
 * @param ctx the job's context (attempt numbers); optional for direct calls
 */
export async function runListingImport(
  deps: { database: Database; storage: MediaStorage },
  payload: ListingImportJobPayload,
  ctx?: Pick<JobContext, 'job'>,
): Promise<void> {
  // Registered before the first await: a second call that arrives while the first is still reading the row must
  // find it here (on PostgreSQL the two reads run on separate connections and may come back in either order).
  const already = running.get(payload.id);
  if (already) return already.catch(() => undefined);
  const run = (async () => {
    const row = await listingImportsRepository.findById(deps.database, payload.id);
    if (!row || row.status !== 'running') return;
    await runOnce(deps, row, ctx);
  })();
  running.set(payload.id, run);
  try {
    await run;
  } finally {
    running.delete(payload.id);
  }
}

/** One engine run of a running import: progress, then counts and report; on failure see runListingImport. */
async function runOnce(deps: { database: Database; storage: MediaStorage }, row: TListingImportRow, ctx: Pick<JobContext, 'job'> | undefined): Promise<void> {
  try {
    const outcome = await runFile(deps.database, await readStoredFile(deps.storage, row), {
      choices: row.mapping.columns, asOf: importAsOf(row), ownerCuid: row.owner_cuid, importId: row.id,
      onProgress: (done, total) => listingImportsRepository.setProgress(deps.database, row.id, done, total),
    });
    await listingImportsRepository.finish(deps.database, row.id, outcome);
    // The upload is the client's data: once imported it is not kept (a failed import keeps it for another try).
    await deps.storage.delete(row.stored_path).catch(() => undefined);
  } catch (error) {
    const lastAttempt = !ctx || ctx.job.attempts >= ctx.job.max_attempts || (error instanceof AppError && error.status < 500);
    if (lastAttempt) await listingImportsRepository.fail(deps.database, row.id, error instanceof AppError ? error.message : M.jobFailed);
    if (!(error instanceof AppError && error.status < 500)) throw error;
  }
}
