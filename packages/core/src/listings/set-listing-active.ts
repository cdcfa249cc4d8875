import type { Database } from '@nj/db';
import { assertListingOwner } from './assert-listing-owner.ts';
import type { Actor } from '../policies/actor.ts';
import { propertiesRepository } from '../properties/properties-repository.ts';

/**
 * Activates or deactivates a listing of the actor (its owner; listingPolicy 'update') (spec 01 §4; spec 03 §7 `PUT /v1/property/{puid}/is_active`). The
 * write moves change_seq, so the search index hides or shows it on its next query. Returns `{ uid, is_active }`.
 * Throws AppError NOT_FOUND, FORBIDDEN (not the owner / demo listing).
 */
export async function setListingActive(
  deps: { database: Database },
  input: { actor: Actor; puid: string; isActive: boolean },
): Promise<{ uid: string; is_active: boolean }> {
  return deps.database.db.transaction().execute(async (trx) => {
    const owned = await assertListingOwner(trx, input.puid, input.actor, true);
    if (owned.is_active !== input.isActive) await propertiesRepository.setActive(trx, input.puid, input.isActive);
    return { uid: input.puid, is_active: input.isActive };
  });
}
