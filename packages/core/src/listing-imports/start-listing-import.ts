import { IMPORT_PAGE_MESSAGES as M, type TListingImport } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { enqueue } from '../jobs/enqueue.ts';
import type { Actor } from '../policies/actor.ts';
import { listingImportsRepository } from './listing-imports-repository.ts';
import { loadOwnImport } from './load-own-import.ts';
import { presentListingImport } from './present-listing-import.ts';

/** Job name of a page import (apps/server/src/jobs/job-handlers.ts runs runListingImport for it). */
export const LISTING_IMPORT_JOB = 'listings.import';

/** Payload of LISTING_IMPORT_JOB: the import's id. */
export type ListingImportJobPayload = { id: string };

/**
 * 'Importar' (POST /api/v1/listing-imports/{id}/run; issue 10 "the job runs in the background and survives a page
 * reload and a server restart"): moves a planned (or failed) import to 'running' and enqueues the job
 * `listings.import` in the same transaction, so the job exists exactly when the status changed.
 * @returns the import, status 'running'
 * @throws AppError NOT_FOUND (unknown or someone else's import); BAD_REQUEST 'No se puede importar: faltan datos
 *   obligatorios (…)' while required fields have no column; CONFLICT when it already runs, ended or was undone
 */
export async function startListingImport(deps: { database: Database }, input: { actor: Actor; id: string }): Promise<TListingImport> {
  const row = await loadOwnImport(deps.database, input.actor, input.id, 'update');
  if (row.status === 'running') throw new AppError('CONFLICT', M.alreadyRunning);
  if (row.status !== 'planned' && row.status !== 'failed') throw new AppError('CONFLICT', M.notPlanned);
  if (row.mapping.missing.length) throw new AppError('BAD_REQUEST', M.missingRequired(row.mapping.missing));
  const started = await deps.database.db.transaction().execute(async (trx) => {
    const marked = await listingImportsRepository.markRunning(trx, row.owner_cuid, row.id);
    if (marked) await enqueue(trx, LISTING_IMPORT_JOB, { id: row.id } satisfies ListingImportJobPayload, { maxAttempts: 3 });
    return marked;
  });
  if (!started) throw new AppError('CONFLICT', M.alreadyRunning);
  return presentListingImport(started);
}
