import { SAVED_SEARCH_MESSAGES as M } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { authorize } from '../policies/policy.ts';
import { savedSearchPolicy } from '../policies/saved-search.ts';
import { readSavedSearchToken } from './saved-search-token.ts';
import { savedSearchesRepository } from './saved-searches-repository.ts';

/**
 * Turns off the alerts of the saved search an e-mail's unsubscribe link names (POST
 * /api/v1/saved-searches/unsubscribe; issue 17): no session needed, the signed token is the proof. Idempotent.
 * @param input `{ secret, token }`
 * @returns `{ name }` of the search
 * @throws AppError BAD_REQUEST 'El enlace para dejar de recibir alertas no es válido' for a forged or malformed
 *   token, or one whose search was deleted
 */
export async function unsubscribeSavedSearch(database: Database, actor: Actor, input: { secret: string; token: unknown }): Promise<{ name: string }> {
  authorize(actor, savedSearchPolicy, 'unsubscribe');
  const id = readSavedSearchToken(input);
  const row = id ? await savedSearchesRepository.get(database.db, id) : null;
  if (!row) throw new AppError('BAD_REQUEST', M.invalidToken);
  if (row.frequency !== 'off') await savedSearchesRepository.update(database.db, row.id, { frequency: 'off' });
  return { name: row.name };
}
