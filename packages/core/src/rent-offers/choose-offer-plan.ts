import { RENTS_MESSAGES, type TOfferOverview } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { rentPolicy } from '../policies/rent.ts';
import { loadRentFor, requireTransition } from '../rents/rent-access.ts';
import { getOfferOverview } from './get-offer-overview.ts';
import { offersRepository } from './offers-repository.ts';

/**
 * The renter chooses the plan of their proposal (PUT /v1/rents/{ruid}/plan `{ plan }`; issue 12: 'basic' leaves the
 * deposit to the owner, 'neo' adds the one-time legal-justice fee of $1,750.00 MXN). Only in client_offer_in_process.
 * @returns the refreshed overview (ZOfferOverview)
 * @throws AppError UNAUTHORIZED; NOT_FOUND for a stranger; CONFLICT outside client_offer_in_process or for the owner
 */
export async function chooseOfferPlan(database: Database, input: { actor: Actor; ruid: string; plan: 'basic' | 'neo' }): Promise<TOfferOverview> {
  const { rent, role } = await loadRentFor(database, input.actor, input.ruid, rentPolicy, 'act');
  requireTransition(rent, 'edit_offer', role);
  if (!(await offersRepository.update(database, rent.ruid, 'client_offer_in_process', { plan: input.plan }))) {
    throw new AppError('CONFLICT', RENTS_MESSAGES.conversationClosed);
  }
  return getOfferOverview(database, input);
}
