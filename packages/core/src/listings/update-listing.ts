import type { TPropertyDetail } from '@nj/contracts';
import { buildSlug } from '@nj/db/import/listing-identity';
import { getProperty } from '../search/get-property.ts';
import { assertListingOwner } from './assert-listing-owner.ts';
import type { Actor } from '../policies/actor.ts';
import type { ListingDeps } from './create-listing.ts';
import { propertiesRepository } from '../properties/properties-repository.ts';
import { listingColumns, parseListingInput } from './parse-listing-input.ts';

/**
 * Edits a listing of the actor (its owner; listingPolicy 'update') with the whole form (issue 4; spec 03 §7 `PUT /v1/property/{id}`), same schema as
 * creating; photos are changed by their own calls. The title and slug follow the new facts (the slug keeps the
 * nj_uid). One transaction with the row locked; the search index shows the change at once. Returns the detail.
 * Throws AppError BAD_REQUEST with per-field messages (nothing changes), NOT_FOUND, FORBIDDEN (not the owner, or a
 * demo listing without owner).
 */
export async function updateListing(deps: Omit<ListingDeps, 'storage'>, input: { actor: Actor; puid: string; data: unknown }): Promise<TPropertyDetail> {
  await assertListingOwner(deps.database.db, input.puid, input.actor);
  const columns = listingColumns(parseListingInput(input.data, deps.config.exchangeRates));
  await deps.database.db.transaction().execute(async (trx) => {
    const owned = await assertListingOwner(trx, input.puid, input.actor, true);
    await propertiesRepository.update(trx, owned.puid, owned.nj_uid, buildSlug(columns.title, owned.nj_uid), columns);
  });
  return getProperty({ database: deps.database, idOrSlugOrCode: input.puid, config: deps.config, actor: input.actor });
}
