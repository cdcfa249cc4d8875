import type { TListingImages } from '@nj/contracts';
import type { Database } from '@nj/db';
import type { Actor } from '../policies/actor.ts';
import { assertListingOwner } from './assert-listing-owner.ts';
import { presentListingImages } from './present-listing-images.ts';

/**
 * The photos of a listing of the actor (its owner; listingPolicy 'update'), by order, as the photo calls answer them:
 * every photo, those the job queue is still processing marked `processing: true` (issue 8 §4). The public detail
 * lists only ready photos, so this is how the edit form tells a photo still processing from one the job dropped
 * because it could not be processed (issue 9 §6). Returns `{ uid, images }`.
 * Throws AppError NOT_FOUND, FORBIDDEN (not the owner, or a demo listing), UNAUTHORIZED (not signed in).
 */
export async function getListingImages(deps: { database: Database }, input: { actor: Actor; puid: string }): Promise<TListingImages> {
  const owned = await assertListingOwner(deps.database.db, input.puid, input.actor);
  return presentListingImages(owned.puid, owned.images);
}
