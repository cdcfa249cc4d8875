import type { TSavedSearch } from '@nj/contracts';
import type { Database } from '@nj/db';
import type { Actor } from '../policies/actor.ts';
import { ownRecords } from '../policies/policy.ts';
import { savedSearchPolicy } from '../policies/saved-search.ts';
import { savedSearchesRepository } from './saved-searches-repository.ts';

/**
 * The signed-in client's saved searches, oldest first, each with the number of listings matched since its last
 * visit (GET /api/v1/saved-searches; issue 17). Only their own: the query is scoped to the session's cuid.
 * @throws AppError UNAUTHORIZED for a visitor or anonymous client
 */
export async function listSavedSearches(database: Database, actor: Actor): Promise<TSavedSearch[]> {
  const cuid = ownRecords(actor, savedSearchPolicy, 'list_own');
  return savedSearchesRepository.listFor(database.db, cuid);
}
