import { LISTING_MESSAGES as M, type TListingImages } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { assertListingOwner } from './assert-listing-owner.ts';
import type { Actor } from '../policies/actor.ts';
import { propertiesRepository } from '../properties/properties-repository.ts';
import { presentListingImages } from './present-listing-images.ts';

/**
 * Sets the order of a listing's photos (spec 03 §7 `PUT /v1/property/{puid}/images`): `names` lists every photo
 * exactly once, the first is the cover. Returns the photos by their new order.
 * Throws AppError BAD_REQUEST 'El orden debe incluir cada foto de la propiedad una sola vez', NOT_FOUND, FORBIDDEN.
 */
export async function orderListingPhotos(
  deps: { database: Database },
  input: { actor: Actor; puid: string; names: string[] },
): Promise<TListingImages> {
  return deps.database.db.transaction().execute(async (trx) => {
    const owned = await assertListingOwner(trx, input.puid, input.actor, true);
    const current = new Set(owned.images.map((img) => img.name));
    const given = new Set(input.names);
    if (given.size !== input.names.length || given.size !== current.size || input.names.some((n) => !current.has(n))) {
      throw new AppError('BAD_REQUEST', M.photoOrderMismatch, { images: M.photoOrderMismatch });
    }
    const images = input.names.map((name, order) => ({ name, order }));
    await propertiesRepository.setImages(trx, input.puid, images);
    return presentListingImages(input.puid, images);
  });
}
