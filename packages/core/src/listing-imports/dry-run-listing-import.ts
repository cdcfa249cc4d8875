import { IMPORT_PAGE_MESSAGES as M, type TListingImportDryRun } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { MediaStorage } from '../media/storage/media-storage.ts';
import type { Actor } from '../policies/actor.ts';
import { runFile } from './engine.ts';
import { importAsOf, loadOwnImport, readStoredFile } from './load-own-import.ts';

/**
 * 'Probar sin importar' (POST /api/v1/listing-imports/{id}/dry-run; issue 10 `--dry-run` on the page): runs the engine
 * over the stored file with the import's columns, writing nothing.
 * @returns counts by outcome (what would be new, updated, skipped) and the skipped rows grouped by reason with the
 *   first line numbers of each
 * @throws AppError NOT_FOUND (unknown or someone else's import); CONFLICT 'Esta importación ya está en curso' while
 *   it runs, 'Esta importación ya se inició…' once it ended (its upload is no longer kept); BAD_REQUEST from the
 *   engine (mapping or file)
 */
export async function dryRunListingImport(
  deps: { database: Database; storage: MediaStorage },
  input: { actor: Actor; id: string },
): Promise<TListingImportDryRun> {
  const row = await loadOwnImport(deps.database, input.actor, input.id, 'update');
  if (row.status === 'running') throw new AppError('CONFLICT', M.alreadyRunning);
  if (row.status !== 'planned' && row.status !== 'failed') throw new AppError('CONFLICT', M.notPlanned);
  const outcome = await runFile(deps.database, await readStoredFile(deps.storage, row), {
    choices: row.mapping.columns, asOf: importAsOf(row), ownerCuid: row.owner_cuid, importId: row.id, dryRun: true,
  });
  return outcome;
}
