import { RENTS_MESSAGES, RENT_ACTION_LABELS } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { authorize, type Policy } from '../policies/policy.ts';
import type { RentRecord } from '../policies/rent.ts';
import { nextStep, stepLabel, type RentAction, type RentRole, type RentStep } from './rent-steps.ts';
import { rentsRepository, type RentRow } from './rents-repository.ts';

/**
 * Loads rent `ruid` and checks `policy`'s `action` on it for `actor` (the two parties only).
 * @returns the rent and the actor's side ('renter' or 'owner')
 * @throws AppError UNAUTHORIZED for a visitor or anonymous client; NOT_FOUND 'No encontramos esta conversación' for
 *   an unknown rent or one the actor is not a party of
 */
export async function loadRentFor<A extends string>(
  database: Database, actor: Actor, ruid: string, policy: Policy<RentRecord, A>, action: A,
): Promise<{ rent: RentRow; role: RentRole }> {
  authorize(actor, policy, action);
  const rent = await rentsRepository.find(database, ruid);
  if (!rent) throw new AppError('NOT_FOUND', RENTS_MESSAGES.rentNotFound);
  authorize(actor, policy, action, rent);
  return { rent, role: rent.renter_cuid === actor.cuid ? 'renter' : 'owner' };
}

/** What a blocked conversation still allows: leaving it (discard) and calling off a visit. */
const ALLOWED_WHEN_BLOCKED: ReadonlySet<RentAction> = new Set(['discard_owner', 'discard_renter', 'cancel_appt']);

/**
 * The step `role` moves `rent` to by `action`, per the transition table (rent-steps.ts). A blocked conversation
 * (rents.blocked_by) refuses everything but discarding and cancelling a visit.
 * @throws AppError CONFLICT 'Esta conversación está bloqueada…' when blocked; 'No es posible «…» cuando la
 *   conversación está en «…»' when the table refuses it
 */
export function requireTransition(rent: RentRow, action: RentAction, role: RentRole): RentStep {
  if (rent.blocked_by && !ALLOWED_WHEN_BLOCKED.has(action)) throw new AppError('CONFLICT', RENTS_MESSAGES.conversationBlocked);
  const to = nextStep(rent.step, action, role);
  if (to === null) {
    if (action === 'send_message') throw new AppError('CONFLICT', RENTS_MESSAGES.conversationClosed);
    throw new AppError('CONFLICT', RENTS_MESSAGES.actionNotAllowed(RENT_ACTION_LABELS[action], stepLabel(rent.step).label));
  }
  return to;
}
