import { LISTING_MESSAGES as M, type TListingImages } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { MediaStorage } from '../media/storage/media-storage.ts';
import { listingsRepository } from './listings-repository.ts';
import { draftPhotosOf, presentDraftPhotos } from './save-listing-draft.ts';
import { discardMediaKeys, recordPendingKeys } from '../media/pending-media.ts';
import { listingPhotoKeys } from './store-listing-photos.ts';
import type { Actor } from '../policies/actor.ts';
import { draftScope } from '../policies/draft.ts';

/**
 * Removes one photo of the draft `id` of `cuid` (`DELETE /v1/property/draft/{id}/photo/{name}`); the others keep
 * their order. Its stored files are deleted after the change is committed (journaled in media_pending by the same
 * transaction, so a crash in between leaves them to the sweep). Returns the remaining photos.
 * Throws AppError NOT_FOUND 'No encontramos el borrador' (also another client's), NOT_FOUND 'La foto no existe'.
 */
export async function deleteDraftPhoto(
  deps: { database: Database; storage: MediaStorage },
  input: { actor: Actor; id: string; name: string },
): Promise<TListingImages> {
  const cuid = draftScope(input.actor, 'update');
  if (input.id.length > 100) throw new AppError('NOT_FOUND', M.draftNotFound);
  const rest = await deps.database.db.transaction().execute(async (trx) => {
    const draft = await listingsRepository.lockDraft(trx, cuid, input.id);
    if (!draft) throw new AppError('NOT_FOUND', M.draftNotFound);
    const photos = draftPhotosOf(input.id, draft.data);
    if (!photos.some((p) => p.name === input.name)) throw new AppError('NOT_FOUND', M.photoNotFound);
    const left = photos.filter((p) => p.name !== input.name);
    await listingsRepository.setDraftData(trx, input.id, { ...(draft.data as Record<string, unknown>), photos: left });
    await recordPendingKeys(trx, listingPhotoKeys(input.id, input.name, 'drafts'));
    return left;
  });
  await discardMediaKeys(deps, listingPhotoKeys(input.id, input.name, 'drafts'));
  return presentDraftPhotos(input.id, rest);
}
