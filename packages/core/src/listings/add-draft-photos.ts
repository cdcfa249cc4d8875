import { LISTING_MESSAGES as M, LISTING_PHOTO, type TListingImages } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { MediaStorage } from '../media/storage/media-storage.ts';
import { listingsRepository } from './listings-repository.ts';
import { draftPhoto, draftPhotosOf, presentDraftPhotos } from './save-listing-draft.ts';
import { discardMediaKeys } from '../media/pending-media.ts';
import { settleStoredPhotos, storeListingPhotos } from './store-listing-photos.ts';
import { enqueuePhotoProcessing } from './process-stored-photo.ts';
import type { Actor } from '../policies/actor.ts';
import { draftScope } from '../policies/draft.ts';

/**
 * Adds photos to the draft `id` of `cuid` (issue 4 "a closed tab or a failed upload loses nothing";
 * `POST /v1/property/draft/{id}/photo`): same checks and variants as listing photos (processListingPhoto), stored
 * under `drafts/{id}/…`, appended to the draft's `data.photos`. Publishing with that draft moves them to the listing.
 * A large photo is answered `processing: true` and made by the job queue after the answer (enqueuePhotoProcessing).
 * Returns the draft's photos by order. Nothing is kept when any file is refused or the process dies midway
 * (files journaled until the row commits: storeListingPhotos). `/media` serves them only to the draft's owner.
 * Throws AppError NOT_FOUND 'No encontramos el borrador' (also for another client's draft), BAD_REQUEST
 * 'Selecciona al menos una foto', BAD_REQUEST 'Una propiedad puede tener como máximo 30 fotos', and
 * processListingPhoto's errors.
 */
export async function addDraftPhotos(
  deps: { database: Database; storage: MediaStorage },
  input: { actor: Actor; id: string; files: Buffer[] },
): Promise<TListingImages> {
  const cuid = draftScope(input.actor, 'update');
  const { db } = deps.database;
  const before = input.id.length <= 100 ? await listingsRepository.findDraft(db, cuid, input.id) : undefined;
  if (!before) throw new AppError('NOT_FOUND', M.draftNotFound);
  if (input.files.length === 0) throw new AppError('BAD_REQUEST', M.photoMissing, { images: M.photoMissing });
  const tooMany = (count: number) => count + input.files.length > LISTING_PHOTO.maxPhotos;
  if (tooMany(draftPhotosOf(input.id, before.data).length)) throw new AppError('BAD_REQUEST', M.photoTooMany, { images: M.photoTooMany });
  const { names, keys, processing } = await storeListingPhotos(deps, input.id, input.files, 'drafts');
  try {
    return await db.transaction().execute(async (trx) => {
      const draft = await listingsRepository.lockDraft(trx, cuid, input.id);
      if (!draft) throw new AppError('NOT_FOUND', M.draftNotFound);
      const photos = draftPhotosOf(input.id, draft.data);
      if (tooMany(photos.length)) throw new AppError('BAD_REQUEST', M.photoTooMany, { images: M.photoTooMany });
      const next = [...photos, ...names.map((n) => draftPhoto(input.id, n, processing.includes(n)))];
      await listingsRepository.setDraftData(trx, input.id, { ...(draft.data as Record<string, unknown>), photos: next });
      await settleStoredPhotos(trx, keys);
      await enqueuePhotoProcessing(trx, 'drafts', input.id, processing);
      return presentDraftPhotos(input.id, next);
    });
  } catch (error) {
    await discardMediaKeys(deps, keys);
    throw error;
  }
}
