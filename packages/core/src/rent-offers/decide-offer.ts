import { OFFER_MESSAGES as M, type TOfferOverview } from '@nj/contracts';
import type { Database } from '@nj/db';
import type { Actor } from '../policies/actor.ts';
import { rentPolicy } from '../policies/rent.ts';
import { changeStep } from '../rents/change-step.ts';
import type { ChatEvents } from '../rents/chat-events.ts';
import { discardRent } from '../rents/discard-rent.ts';
import { loadRentFor, requireTransition } from '../rents/rent-access.ts';
import { getOfferOverview } from './get-offer-overview.ts';

/**
 * The owner decides on a sent proposal (POST /v1/rents/review `{ ruid, decision, reason? }`; spec 03 §2 'Solicitud
 * de renta', issue 12 'The owner's decision'): 'accept' moves the rent to on_accepted_offer with a system message;
 * 'reject' discards it for the owner with the reason (discardRent: over 26 characters, spec 03 §5).
 * @returns the overview (ZOfferOverview) after the decision
 * @throws AppError UNAUTHORIZED; NOT_FOUND for a stranger; CONFLICT when the rent is not at on_offer or the renter
 *   decides; BAD_REQUEST 'El mensaje es demasiado corto' for a short rejection reason
 */
export async function decideOffer(
  deps: { database: Database; events: ChatEvents },
  input: { actor: Actor; ruid: string; decision: 'accept' | 'reject'; reason?: string | undefined },
): Promise<TOfferOverview> {
  const { rent, role } = await loadRentFor(deps.database, input.actor, input.ruid, rentPolicy, 'act');
  if (input.decision === 'accept') {
    const to = requireTransition(rent, 'accept_offer', role);
    await changeStep(deps, rent, to, { systemText: M.systemAccepted });
  } else {
    // A rejection is the owner's discard of a sent offer: only on_offer, with the cancel reason's rule.
    requireTransition(rent, 'accept_offer', role);
    await discardRent(deps, { actor: input.actor, ruid: input.ruid, reason: input.reason ?? '' });
  }
  return getOfferOverview(deps.database, input);
}
