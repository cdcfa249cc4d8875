import { SAVED_SEARCH_MESSAGES as M } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { authorize } from '../policies/policy.ts';
import { savedSearchPolicy } from '../policies/saved-search.ts';
import { savedSearchesRepository } from './saved-searches-repository.ts';

/**
 * Deletes a saved search with its matches (DELETE /api/v1/saved-searches/:id; issue 17).
 * @throws AppError UNAUTHORIZED for a visitor; NOT_FOUND when it does not exist or is another client's
 */
export async function deleteSavedSearch(database: Database, actor: Actor, id: string): Promise<void> {
  authorize(actor, savedSearchPolicy, 'delete');
  const row = await savedSearchesRepository.get(database.db, id);
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  authorize(actor, savedSearchPolicy, 'delete', { cuid: row.cuid });
  await savedSearchesRepository.delete(database.db, id);
}
