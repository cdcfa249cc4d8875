import { LISTING_MESSAGES as M, type TListingImages } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { MediaStorage } from '../media/storage/media-storage.ts';
import { assertListingOwner } from './assert-listing-owner.ts';
import type { Actor } from '../policies/actor.ts';
import { propertiesRepository } from '../properties/properties-repository.ts';
import { presentListingImages } from './present-listing-images.ts';
import { discardMediaKeys, recordPendingKeys } from '../media/pending-media.ts';
import { listingPhotoKeys } from './store-listing-photos.ts';

/**
 * Removes one photo of a listing of the actor (its owner; listingPolicy 'update') (spec 03 §7 `DELETE /v1/property/{id}/photo/{name}`); the others keep
 * their order (renumbered from 0, first = cover). Its stored files are deleted after the change is committed (journaled in media_pending by the same
 * transaction, so a crash in between leaves them to the sweep).
 * Returns the remaining photos. Throws AppError NOT_FOUND (listing, or 'La foto no existe'), FORBIDDEN.
 */
export async function deleteListingPhoto(
  deps: { database: Database; storage: MediaStorage },
  input: { actor: Actor; puid: string; name: string },
): Promise<TListingImages> {
  const images = await deps.database.db.transaction().execute(async (trx) => {
    const owned = await assertListingOwner(trx, input.puid, input.actor, true);
    if (!owned.images.some((img) => img.name === input.name)) throw new AppError('NOT_FOUND', M.photoNotFound);
    const rest = owned.images.filter((img) => img.name !== input.name).map((img, order) => ({ ...img, order }));
    await propertiesRepository.setImages(trx, input.puid, rest);
    await recordPendingKeys(trx, listingPhotoKeys(input.puid, input.name));
    return rest;
  });
  await discardMediaKeys(deps, listingPhotoKeys(input.puid, input.name));
  return presentListingImages(input.puid, images);
}
