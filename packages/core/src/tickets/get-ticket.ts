import type { TTicket, TTicketMessage } from '@nj/contracts';
import type { Database } from '@nj/db';
import type { Actor } from '../policies/actor.ts';
import type { ChatEvents } from '../rents/chat-events.ts';
import { loadTicketFor } from './ticket-access.ts';
import { ticketMessageToWire, ticketsRepository, ticketToWire } from './tickets-repository.ts';

/** Most messages one read returns (the newest kept; a longer conversation is read again with ?last). */
export const TICKET_MESSAGES_PER_READ = 500;

/**
 * One ticket (spec 02 §7 GET /v1/tickets/{tuid}) for its author or a support user.
 * @returns the ticket (ZTicket)
 * @throws AppError UNAUTHORIZED; NOT_FOUND for an unknown ticket or someone else's
 */
export async function getTicket(database: Database, input: { actor: Actor; tuid: string }): Promise<TTicket> {
  const { ticket } = await loadTicketFor(database, input.actor, input.tuid, 'read');
  return ticketToWire(ticket, await ticketsRepository.listingTitle(database, ticket.puid));
}

/**
 * A ticket's conversation (spec 02 §7 GET /v1/tickets/chats/{tuid}?last), oldest first, for its author or a support
 * user; with `last` (a muid) only the messages stored after it (catching up after a reconnect). Reading marks the
 * other side's messages seen (the author sees support and system messages; the staff the author's) and tells the
 * socket nothing more (the unread counts are read again by the lists).
 * @returns `{ tuid, messages }` (ZTicketMessageList), at most TICKET_MESSAGES_PER_READ, the newest kept
 * @throws AppError UNAUTHORIZED; NOT_FOUND for an unknown ticket or someone else's
 */
export async function getTicketMessages(
  deps: { database: Database; events?: ChatEvents }, input: { actor: Actor; tuid: string; last?: string | undefined },
): Promise<{ tuid: string; messages: TTicketMessage[] }> {
  const { ticket, side } = await loadTicketFor(deps.database, input.actor, input.tuid, 'read');
  await ticketsRepository.markSeen(deps.database, ticket.tuid, side);
  const rows = await ticketsRepository.listMessages(deps.database, ticket.tuid, input.last, TICKET_MESSAGES_PER_READ);
  return { tuid: ticket.tuid, messages: rows.map(ticketMessageToWire) };
}
