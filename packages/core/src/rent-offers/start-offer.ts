import { OFFER_MESSAGES as M, type TOfferOverview } from '@nj/contracts';
import type { Database } from '@nj/db';
import type { Actor } from '../policies/actor.ts';
import { rentPolicy } from '../policies/rent.ts';
import { changeStep } from '../rents/change-step.ts';
import type { ChatEvents } from '../rents/chat-events.ts';
import { loadRentFor, requireTransition } from '../rents/rent-access.ts';
import { getOfferOverview } from './get-offer-overview.ts';
import { offersRepository } from './offers-repository.ts';

/**
 * The renter starts a proposal from the conversation (POST /v1/rents/offer `{ ruid }`; issue 12 'The proposal'):
 * the rent moves to client_offer_in_process (transition table: from hello or a visit step), a system message tells
 * the owner, and the terms start from the listing's rent and maintenance (copied at contact), one month of deposit,
 * one tenant, no plan and no dates.
 * @returns the overview (ZOfferOverview) as the renter reads it
 * @throws AppError UNAUTHORIZED; NOT_FOUND for a stranger; CONFLICT when the step or the side does not allow it
 *   (the owner, a discarded or blocked conversation, an offer already sent)
 */
export async function startOffer(deps: { database: Database; events: ChatEvents }, input: { actor: Actor; ruid: string }): Promise<TOfferOverview> {
  const { rent, role } = await loadRentFor(deps.database, input.actor, input.ruid, rentPolicy, 'act');
  const to = requireTransition(rent, 'start_offer', role);
  await changeStep(deps, rent, to, { systemText: M.systemStarted });
  await offersRepository.stamp(deps.database, rent.ruid, 'offer_started_at');
  return getOfferOverview(deps.database, input);
}
