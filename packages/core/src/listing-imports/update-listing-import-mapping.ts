import { IMPORT_PAGE_MESSAGES as M, type TListingImportMappingBody, type TListingImportWithPlan } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { MediaStorage } from '../media/storage/media-storage.ts';
import type { Actor } from '../policies/actor.ts';
import { planFile, type ColumnChoice } from './engine.ts';
import { listingImportsRepository } from './listing-imports-repository.ts';
import { importAsOf, loadOwnImport, readStoredFile } from './load-own-import.ts';
import { presentListingImport } from './present-listing-import.ts';

/**
 * The owner changes which field each column holds (PUT /api/v1/listing-imports/{id}/mapping; issue 10 "maps columns
 * with dropdowns"): the choices are kept and the file is planned again with them (same engine as `--map`).
 *
 * @param input `columns`: `{ header, target }` per column the user set (target null = not imported); columns left
 *   out keep the engine's guess
 * @returns the import and the new plan (columns, missing fields, preview)
 * @throws AppError NOT_FOUND (unknown or someone else's import); CONFLICT 'Esta importación ya se inició…' when it is
 *   not planned any more; BAD_REQUEST 'El archivo no tiene la columna «…»' for a header the file does not have
 */
export async function updateListingImportMapping(
  deps: { database: Database; storage: MediaStorage },
  input: { actor: Actor; id: string } & TListingImportMappingBody,
): Promise<TListingImportWithPlan> {
  const row = await loadOwnImport(deps.database, input.actor, input.id, 'update');
  if (row.status !== 'planned') throw new AppError('CONFLICT', M.notPlanned);
  const headers = new Set(row.mapping.headers);
  const byHeader = new Map<string, ColumnChoice>();
  for (const c of input.columns) {
    if (!headers.has(c.header)) throw new AppError('BAD_REQUEST', M.unknownColumn(c.header));
    byHeader.set(c.header, { header: c.header, target: c.target });
  }
  const choices = [...byHeader.values()];
  const plan = await planFile(deps.database, await readStoredFile(deps.storage, row), { choices, asOf: importAsOf(row) });
  const updated = await listingImportsRepository.setMapping(deps.database, row.owner_cuid, row.id,
    { headers: row.mapping.headers, columns: choices, missing: plan.missing }, plan.rows);
  if (!updated) throw new AppError('CONFLICT', M.notPlanned);
  return { import: presentListingImport(updated), plan };
}
