import { LISTING_MESSAGES as M, type TDraft } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { listingsRepository } from './listings-repository.ts';
import { presentDraft } from './save-listing-draft.ts';
import type { Actor } from '../policies/actor.ts';
import { draftScope } from '../policies/draft.ts';

/**
 * A draft of `cuid`: by `id`, or the latest one when `id` is undefined (then null when there is none).
 * Throws AppError NOT_FOUND 'No encontramos el borrador' for an `id` that is not this client's draft.
 */
export async function getListingDraft(deps: { database: Database }, input: { actor: Actor; id?: string | undefined }): Promise<TDraft | null> {
  const cuid = draftScope(input.actor, 'read');
  const draft = await listingsRepository.findDraft(deps.database.db, cuid, input.id);
  if (!draft) {
    if (input.id !== undefined) throw new AppError('NOT_FOUND', M.draftNotFound);
    return null;
  }
  return presentDraft(draft);
}
