import { RENTS_MESSAGES } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { rentPolicy } from '../policies/rent.ts';
import type { ChatEvents } from './chat-events.ts';
import { changeStep } from './change-step.ts';
import { loadRentFor, requireTransition } from './rent-access.ts';
import { rentsRepository, type RentRow } from './rents-repository.ts';

/** Spec 03 §5: a cancel reason must be longer than this many characters (after trimming). */
export const DISCARD_REASON_MIN_EXCLUSIVE = 26;

/**
 * A party discards rent `ruid` with a reason (POST /v1/rents/{ruid}/discard; spec 03 §5 cancel rule, §6): the owner
 * moves it to owner_discard, the renter to renter_discard (transition table), the reason is kept, a system message
 * is written and the step change published. A discarded conversation refuses new messages.
 *
 * @param input `{ actor, ruid, reason }` — reason trimmed, 27–2,000 characters
 * @returns the updated rent
 * @throws AppError BAD_REQUEST 'El mensaje es demasiado corto' (26 characters or fewer); UNAUTHORIZED; NOT_FOUND for a
 *   stranger; CONFLICT when the step does not allow it (already discarded, property_invalid, …)
 */
export async function discardRent(
  deps: { database: Database; events: ChatEvents },
  input: { actor: Actor; ruid: string; reason: string },
): Promise<RentRow> {
  const { rent, role } = await loadRentFor(deps.database, input.actor, input.ruid, rentPolicy, 'act');
  const reason = input.reason.trim();
  if (reason.length <= DISCARD_REASON_MIN_EXCLUSIVE) throw new AppError('BAD_REQUEST', RENTS_MESSAGES.reasonTooShort);
  if (reason.length > 2000) throw new AppError('BAD_REQUEST', RENTS_MESSAGES.messageTooLong);
  const to = requireTransition(rent, role === 'owner' ? 'discard_owner' : 'discard_renter', role);
  await changeStep(deps, rent, to, { discardReason: reason });
  return (await rentsRepository.find(deps.database, rent.ruid))!;
}
