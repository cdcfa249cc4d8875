import { OFFER_MESSAGES as M, RENTS_MESSAGES, type TOfferKey, type TOfferOverview } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { rentPolicy } from '../policies/rent.ts';
import { loadRentFor, requireTransition } from '../rents/rent-access.ts';
import { checkOfferValue, todayInMexico, type OfferTerms } from './offer-rules.ts';
import { getOfferOverview } from './get-offer-overview.ts';
import { offersRepository } from './offers-repository.ts';

/**
 * The renter changes terms of their proposal (PUT /v1/rents/{ruid} `{ key, value }` or `{ batch: [{ key, value }] }`;
 * spec 03 §7, §4 'Tenant flow': only in client_offer_in_process; saving an unchanged value just advances). Keys:
 * price and maintenance_fee (MXN a month: a number or digits with separators, empty is 0), warranty_deposit (months),
 * rent_type ('solo' | 'joint'), first_day and last_day ('YYYY-MM-DD', Mexico City days). A batch is checked in its
 * order against the terms as they become (first_day before last_day); if any value is refused nothing is written.
 * @returns the refreshed overview (ZOfferOverview)
 * @throws AppError UNAUTHORIZED; NOT_FOUND for a stranger; CONFLICT outside client_offer_in_process or for the
 *   owner; BAD_REQUEST with `fields` (key → Spanish message) for refused values
 */
export async function configureOffer(
  database: Database, input: { actor: Actor; ruid: string; changes: { key: TOfferKey; value: unknown }[] },
): Promise<TOfferOverview> {
  const { rent, role } = await loadRentFor(database, input.actor, input.ruid, rentPolicy, 'act');
  requireTransition(rent, 'edit_offer', role);
  const offer = await offersRepository.find(database, rent.ruid);
  if (!offer) throw new AppError('NOT_FOUND', RENTS_MESSAGES.rentNotFound);
  const terms: OfferTerms = { ...offer };
  const changes: Partial<Record<TOfferKey, number | string>> = {};
  const fields: Record<string, string> = {};
  const today = todayInMexico();
  for (const { key, value } of input.changes) {
    const checked = checkOfferValue(key, value, terms, today);
    if (!checked.ok) {
      fields[key] = checked.msg;
      continue;
    }
    if (terms[key] === checked.value) continue;
    (terms as Record<string, unknown>)[key] = checked.value;
    changes[key] = checked.value;
  }
  // A rent lowered under the stored maintenance makes the maintenance wrong: say so on it.
  if (terms.price !== null && terms.maintenance_fee >= terms.price && !fields.price) fields.maintenance_fee = M.maintenanceInvalid;
  if (Object.keys(fields).length > 0) throw new AppError('BAD_REQUEST', Object.values(fields)[0], fields);
  if (!(await offersRepository.update(database, rent.ruid, 'client_offer_in_process', changes))) {
    throw new AppError('CONFLICT', RENTS_MESSAGES.conversationClosed);
  }
  return getOfferOverview(database, input);
}
