import { LISTING_MESSAGES as M, LISTING_PHOTO, type TListingImages } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { MediaStorage } from '../media/storage/media-storage.ts';
import { assertListingOwner } from './assert-listing-owner.ts';
import type { Actor } from '../policies/actor.ts';
import { propertiesRepository } from '../properties/properties-repository.ts';
import { presentListingImages } from './present-listing-images.ts';
import { discardMediaKeys } from '../media/pending-media.ts';
import { settleStoredPhotos, storeListingPhotos } from './store-listing-photos.ts';
import { enqueuePhotoProcessing } from './process-stored-photo.ts';

/**
 * Adds photos to a listing of the actor (its owner; listingPolicy 'update') (spec 03 §7 `POST /v1/property/{id}/photo`): each is checked by content,
 * turned into thumb/card/full WebP and stored with its original; they are appended after the existing photos.
 * A large photo is answered `processing: true` (not shown publicly) until the job queue has made its variants.
 * Returns the listing's photos by order. Nothing is kept when any file is refused or the process dies midway
 * (files journaled until the row commits: storeListingPhotos).
 * Throws AppError NOT_FOUND, FORBIDDEN (not the owner / demo listing), BAD_REQUEST 'Selecciona al menos una foto',
 * BAD_REQUEST 'Una propiedad puede tener como máximo 30 fotos', and processListingPhoto's errors.
 */
export async function addListingPhotos(
  deps: { database: Database; storage: MediaStorage },
  input: { actor: Actor; puid: string; files: Buffer[] },
): Promise<TListingImages> {
  const before = await assertListingOwner(deps.database.db, input.puid, input.actor);
  if (input.files.length === 0) throw new AppError('BAD_REQUEST', M.photoMissing, { images: M.photoMissing });
  if (before.images.length + input.files.length > LISTING_PHOTO.maxPhotos) throw new AppError('BAD_REQUEST', M.photoTooMany, { images: M.photoTooMany });
  const { names, keys, processing } = await storeListingPhotos(deps, input.puid, input.files);
  try {
    return await deps.database.db.transaction().execute(async (trx) => {
      const owned = await assertListingOwner(trx, input.puid, input.actor, true);
      if (owned.images.length + names.length > LISTING_PHOTO.maxPhotos) throw new AppError('BAD_REQUEST', M.photoTooMany, { images: M.photoTooMany });
      const images = [
        ...owned.images.map((img, order) => ({ ...img, order })),
        ...names.map((name, i) => ({ name, order: owned.images.length + i, ...(processing.includes(name) ? { processing: true } : {}) })),
      ];
      await propertiesRepository.setImages(trx, input.puid, images);
      await settleStoredPhotos(trx, keys);
      await enqueuePhotoProcessing(trx, 'properties', input.puid, processing);
      return presentListingImages(input.puid, images);
    });
  } catch (error) {
    await discardMediaKeys(deps, keys);
    throw error;
  }
}
