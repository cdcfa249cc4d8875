import { OFFER_MESSAGES as M, RENTS_MESSAGES, type TOfferOverview } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { rentPolicy } from '../policies/rent.ts';
import { loadRentFor } from '../rents/rent-access.ts';
import { stepLabel } from '../rents/rent-steps.ts';
import { depositAmount, missingOfferFields, neoFee, todayInMexico } from './offer-rules.ts';
import { offersRepository, type OfferRow } from './offers-repository.ts';

/** Steps before the tenant has sent a proposal: its terms are the tenant's alone. */
const UNSENT = new Set(['hello', 'appt_requested', 'appt_confirmation_requested', 'appt_assist', 'client_offer_in_process']);

/** The overview of `offer` as `role` reads it (amounts MXN; `today` a day number in Mexico City). */
export function presentOffer(offer: OfferRow, role: 'renter' | 'owner', today: number): TOfferOverview {
  return {
    ruid: offer.ruid, step: offer.step, stepLabel: stepLabel(offer.step).label,
    price: offer.price, maintenance_fee: offer.maintenance_fee, warranty_deposit: offer.warranty_deposit,
    deposit_amount: depositAmount(offer), plan: offer.plan, neo_fee: neoFee(offer), rent_type: offer.rent_type,
    first_day: offer.first_day, last_day: offer.last_day,
    editable: role === 'renter' && offer.step === 'client_offer_in_process',
    missing: offer.step === 'client_offer_in_process' ? missingOfferFields(offer, today) : {},
    sent_at: offer.offer_sent_at ? new Date(offer.offer_sent_at).toISOString() : null,
  };
}

/**
 * The proposal of rent `ruid` (GET /v1/rents/offer/overview?ruid; spec 03 §7 'Rent process', §4 'Tenant flow'):
 * its terms, the deposit in MXN, the neo fee, whether the reader may edit it and what is missing to send it. The
 * renter reads it at any step; the owner only once it has been sent (issue 12 'Rules': an owner sees an applicant's
 * data only after the offer is sent).
 * @returns ZOfferOverview
 * @throws AppError UNAUTHORIZED; NOT_FOUND for an unknown rent or a stranger; FORBIDDEN 'El interesado aún no envía
 *   su propuesta' for the owner before it is sent
 */
export async function getOfferOverview(database: Database, input: { actor: Actor; ruid: string }): Promise<TOfferOverview> {
  const { role } = await loadRentFor(database, input.actor, input.ruid, rentPolicy, 'read');
  const offer = await offersRepository.find(database, input.ruid);
  if (!offer) throw new AppError('NOT_FOUND', RENTS_MESSAGES.rentNotFound);
  if (role === 'owner' && UNSENT.has(offer.step)) throw new AppError('FORBIDDEN', M.notYetSent);
  return presentOffer(offer, role, todayInMexico());
}
