import { SAVED_SEARCH_MESSAGES as M, type TSavedSearchUpdate } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { authorize } from '../policies/policy.ts';
import { savedSearchPolicy } from '../policies/saved-search.ts';
import { savedSearchesRepository } from './saved-searches-repository.ts';

/**
 * Renames a saved search, changes its alert frequency or WhatsApp choice, or marks it visited (resets its new
 * count) (PATCH /api/v1/saved-searches/:id; issue 17).
 * @throws AppError UNAUTHORIZED for a visitor; NOT_FOUND 'No encontramos esa búsqueda guardada' when it does not
 *   exist or is another client's
 */
export async function updateSavedSearch(database: Database, actor: Actor, id: string, patch: TSavedSearchUpdate): Promise<void> {
  authorize(actor, savedSearchPolicy, 'update');
  const row = await savedSearchesRepository.get(database.db, id);
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  authorize(actor, savedSearchPolicy, 'update', { cuid: row.cuid });
  await savedSearchesRepository.update(database.db, id, patch);
}
