import { OFFER_MESSAGES as M, RENTS_MESSAGES, type TOfferOverview } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { rentPolicy } from '../policies/rent.ts';
import { changeStep } from '../rents/change-step.ts';
import type { ChatEvents } from '../rents/chat-events.ts';
import { loadRentFor, requireTransition } from '../rents/rent-access.ts';
import { missingOfferFields, todayInMexico } from './offer-rules.ts';
import { getOfferOverview } from './get-offer-overview.ts';
import { offersRepository } from './offers-repository.ts';

/**
 * The renter sends the proposal (POST /v1/rents/send `{ ruid, data_declared_true, terms_accepted }`; spec 03 §5:
 * both checkboxes, with the spec's three messages; issue 12 'Final review'): the rent moves to on_offer, a system
 * message tells the owner, and the owner may now read it.
 * @returns the overview (ZOfferOverview) as the renter reads it
 * @throws AppError BAD_REQUEST for a missing checkbox (spec's messages) or missing terms (`fields`: key → message);
 *   UNAUTHORIZED; NOT_FOUND for a stranger; CONFLICT outside client_offer_in_process or for the owner
 */
export async function sendOffer(
  deps: { database: Database; events: ChatEvents },
  input: { actor: Actor; ruid: string; dataDeclaredTrue: boolean; termsAccepted: boolean },
): Promise<TOfferOverview> {
  if (!input.dataDeclaredTrue || !input.termsAccepted) {
    throw new AppError('BAD_REQUEST', !input.dataDeclaredTrue && !input.termsAccepted ? M.termsAndTruth : !input.dataDeclaredTrue ? M.truthOnly : M.termsOnly);
  }
  const { rent, role } = await loadRentFor(deps.database, input.actor, input.ruid, rentPolicy, 'act');
  const to = requireTransition(rent, 'send_offer', role);
  const offer = await offersRepository.find(deps.database, rent.ruid);
  if (!offer) throw new AppError('NOT_FOUND', RENTS_MESSAGES.rentNotFound);
  const missing = missingOfferFields(offer, todayInMexico());
  if (Object.keys(missing).length > 0) throw new AppError('BAD_REQUEST', M.missing, missing);
  await changeStep(deps, rent, to, { systemText: M.systemSent });
  await offersRepository.stamp(deps.database, rent.ruid, 'offer_sent_at');
  return getOfferOverview(deps.database, input);
}
