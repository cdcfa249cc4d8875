import type { Database } from '@nj/db';
import { INTEGRATION_MESSAGES as M } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { listingPolicy } from '../policies/listing.ts';
import { ownRecords } from '../policies/policy.ts';
import { freshnessRepository } from './freshness-repository.ts';

/**
 * POST /v1/property/{puid}/reconfirm (issue 16 'Freshness'): the owner says with one click that the listing is still
 * available — the 30/60-day clock starts again, reminders are forgotten, and a listing the freshness job paused is
 * active again.
 * @returns `{ puid, is_active, reconfirmed_at }` (ISO 8601)
 * @throws AppError UNAUTHORIZED unless signed in; NOT_FOUND 'No encontramos esa propiedad entre las tuyas' for a
 *   listing that is not the caller's (never revealing someone else's)
 */
export async function reconfirmListing(database: Database, input: { actor: Actor; puid: string }): Promise<{ puid: string; is_active: boolean; reconfirmed_at: string }> {
  const cuid = ownRecords(input.actor, listingPolicy, 'list_own');
  const row = await freshnessRepository.reconfirm(database.db, input.puid, cuid);
  if (!row) throw new AppError('NOT_FOUND', M.reconfirmNotFound);
  return { puid: row.puid, is_active: row.is_active, reconfirmed_at: new Date(row.reconfirmed_at).toISOString() };
}
