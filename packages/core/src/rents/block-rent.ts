import { RENTS_MESSAGES } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { rentPolicy } from '../policies/rent.ts';
import type { ChatEvents } from './chat-events.ts';
import { loadRentFor } from './rent-access.ts';
import { rentsRepository, type RentRow } from './rents-repository.ts';

/**
 * Either party blocks rent `ruid`'s conversation, or the one who blocked it unblocks it (POST
 * /v1/rents/{ruid}/block and /unblock; issue 11 'Rules and limits: a blocked … conversation refuses new messages').
 * While blocked, messages, visits and contacting again are refused ('Esta conversación está bloqueada…', see
 * requireTransition); discarding and cancelling a visit still work. A system message records the change and both
 * sides' screens are told (a step-change event with the same step).
 * @returns the rent as stored now
 * @throws AppError UNAUTHORIZED; NOT_FOUND for a stranger; CONFLICT 'Esta conversación ya está bloqueada' /
 *   'Solo quien bloqueó la conversación puede desbloquearla'
 */
export async function blockRent(
  deps: { database: Database; events: ChatEvents }, input: { actor: Actor; ruid: string; blocked: boolean },
): Promise<RentRow> {
  const { rent } = await loadRentFor(deps.database, input.actor, input.ruid, rentPolicy, 'act');
  const me = input.actor.cuid!;
  const changed = input.blocked
    ? await rentsRepository.setBlocked(deps.database, rent.ruid, { by: me })
    : await rentsRepository.setBlocked(deps.database, rent.ruid, { by: null, unblocker: me });
  if (!changed) throw new AppError('CONFLICT', input.blocked ? RENTS_MESSAGES.alreadyBlocked : RENTS_MESSAGES.notBlockedByYou);
  const { message } = await rentsRepository.insertMessage(deps.database, {
    ruid: rent.ruid, from_cuid: null, to_cuid: null, cat: 'system',
    text: input.blocked ? RENTS_MESSAGES.system.blocked : RENTS_MESSAGES.system.unblocked,
    dynamic_content: { tag: input.blocked ? 'blocked' : 'unblocked' },
  });
  deps.events.publishStepChange({ ruid: rent.ruid, from: rent.step as never, to: rent.step as never, renterCuid: rent.renter_cuid, ownerCuid: rent.owner_cuid });
  deps.events.publishMessage({ ruid: rent.ruid, message, from: null, to: null });
  return (await rentsRepository.find(deps.database, rent.ruid))!;
}
