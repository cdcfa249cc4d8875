import { TICKET_MESSAGES } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import { hasPrivilege, isClient, type Actor } from '../policies/actor.ts';
import { authorize } from '../policies/policy.ts';
import { ticketPolicy } from '../policies/ticket.ts';
import type { TicketDbOrTrx } from './tickets-tables.ts';
import { ticketsRepository, type TicketRow } from './tickets-repository.ts';

/**
 * Loads ticket `tuid` and checks ticketPolicy's `action` on it for `actor`: its author, or a support user.
 * @returns the ticket and the actor's side: 'author' (they opened it) or 'staff' (a support user on someone's ticket)
 * @throws AppError UNAUTHORIZED for a visitor or anonymous client; NOT_FOUND 'No encontramos lo que buscas' for an
 *   unknown ticket or someone else's (ids do not leak)
 */
export async function loadTicketFor(
  db: TicketDbOrTrx, actor: Actor, tuid: string, action: 'read' | 'message',
): Promise<{ ticket: TicketRow; side: 'author' | 'staff' }> {
  authorize(actor, ticketPolicy, action);
  const ticket = await ticketsRepository.find(db, tuid);
  if (!ticket) throw new AppError('NOT_FOUND', TICKET_MESSAGES.ticketNotFound);
  authorize(actor, ticketPolicy, action, ticket);
  return { ticket, side: isClient(actor, ticket.author_cuid) ? 'author' : 'staff' };
}

/** Whether `actor` works tickets (the support privilege). */
export const isSupport = (actor: Actor) => hasPrivilege(actor, 'support');
