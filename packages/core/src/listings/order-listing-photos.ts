import { LISTING_MESSAGES as M, type TListingImages } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { assertListingOwner } from './assert-listing-owner.ts';
import type { Actor } from '../policies/actor.ts';
import { propertiesRepository } from '../properties/properties-repository.ts';
import { presentListingImages } from './present-listing-images.ts';

/**
 * Sets the order of a listing's photos (spec 03 §7 `PUT /v1/property/{puid}/images`): `names` lists every photo
 * exactly once, the first is the cover; photos still processing (issue 8 §4) may be left out and then follow the
 * listed ones. Returns the photos by their new order.
 * Throws AppError BAD_REQUEST 'El orden debe incluir cada foto de la propiedad una sola vez', NOT_FOUND, FORBIDDEN.
 */
export async function orderListingPhotos(
  deps: { database: Database },
  input: { actor: Actor; puid: string; names: string[] },
): Promise<TListingImages> {
  return deps.database.db.transaction().execute(async (trx) => {
    const owned = await assertListingOwner(trx, input.puid, input.actor, true);
    const byName = new Map(owned.images.map((img) => [img.name, img]));
    const given = new Set(input.names);
    const missing = owned.images.filter((img) => !given.has(img.name));
    if (given.size !== input.names.length || input.names.some((n) => !byName.has(n)) || missing.some((img) => !img.processing)) {
      throw new AppError('BAD_REQUEST', M.photoOrderMismatch, { images: M.photoOrderMismatch });
    }
    // Photos still processing are not shown publicly, so a form may not know them: unlisted, they keep their place after the rest.
    const images = [...input.names.map((name) => byName.get(name)!), ...missing].map((img, order) => ({ ...img, order }));
    await propertiesRepository.setImages(trx, input.puid, images);
    return presentListingImages(input.puid, images);
  });
}
