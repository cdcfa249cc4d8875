import { IMPORT_PAGE_MESSAGES as M, type TListingImportUndo } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { listingImportsRepository } from './listing-imports-repository.ts';
import { loadOwnImport } from './load-own-import.ts';
import { presentListingImport } from './present-listing-import.ts';

/**
 * 'Deshacer importación' (POST /api/v1/listing-imports/{id}/undo; issue 10 "can be undone (its listings
 * deactivated)"): only the owner; deactivates every listing of theirs the import created or last updated and marks the
 * import 'undone' in one transaction. The listings stay theirs (they may reactivate them one by one); the search
 * index hides them on its next query (change_seq moves).
 * @returns the import (status 'undone') and how many listings were deactivated
 * @throws AppError NOT_FOUND (unknown or someone else's import); CONFLICT 'Solo se puede deshacer una importación
 *   terminada' while planned, running or already undone
 */
export async function undoListingImport(deps: { database: Database }, input: { actor: Actor; id: string }): Promise<TListingImportUndo> {
  const row = await loadOwnImport(deps.database, input.actor, input.id, 'undo');
  if (row.status !== 'done' && row.status !== 'failed') throw new AppError('CONFLICT', M.notUndoable);
  const deactivated = await listingImportsRepository.undo(deps.database, row.owner_cuid, row.id);
  if (deactivated === null) throw new AppError('CONFLICT', M.notUndoable);
  const after = await listingImportsRepository.findOwn(deps.database, row.owner_cuid, row.id);
  return { import: presentListingImport(after!), deactivated };
}
