import type { TTicketChat, TTicketList } from '@nj/contracts';
import type { Database } from '@nj/db';
import type { Actor } from '../policies/actor.ts';
import { authorize } from '../policies/policy.ts';
import { ticketPolicy } from '../policies/ticket.ts';
import { ticketMessageToWire, ticketsRepository, ticketToWire } from './tickets-repository.ts';

/** Tickets per page of GET /v1/tickets and GET /v1/tickets/chats. */
export const TICKETS_PER_PAGE = 20;

/**
 * The signed-in client's own tickets, newest activity first (issue 14 '/centro-de-ayuda'; spec 02 §7 GET
 * /v1/tickets?page), 20 a page, with the listing's title when one is named.
 * @param input `{ actor, page }` (page from 1)
 * @returns `{ tickets, page, hasMore }` (ZTicketList)
 * @throws AppError UNAUTHORIZED for a visitor or anonymous client
 */
export async function listTickets(database: Database, input: { actor: Actor; page: number }): Promise<TTicketList> {
  authorize(input.actor, ticketPolicy, 'list');
  const { rows, hasMore } = await ticketsRepository.listForAuthor(database, input.actor.cuid!, { page: input.page, perPage: TICKETS_PER_PAGE });
  return { tickets: rows.map((r) => ticketToWire(r, r.listing_title)), page: input.page, hasMore };
}

/**
 * The signed-in client's ticket chats (spec 02 §7 GET /v1/tickets/chats?page&tuid&only_active): each own ticket with
 * its unread count (support and system messages the author has not seen) and its last message, newest activity
 * first, 20 a page; `tuid` narrows to that ticket (none when it is not theirs), `onlyActive` leaves out closed ones.
 * @returns `{ chats, page, hasMore }` (ZTicketChatList)
 * @throws AppError UNAUTHORIZED for a visitor or anonymous client
 */
export async function listTicketChats(
  database: Database, input: { actor: Actor; page: number; tuid?: string | undefined; onlyActive?: boolean | undefined },
): Promise<{ chats: TTicketChat[]; page: number; hasMore: boolean }> {
  authorize(input.actor, ticketPolicy, 'list');
  const { rows, hasMore } = await ticketsRepository.listForAuthor(database, input.actor.cuid!, {
    page: input.page, perPage: TICKETS_PER_PAGE, onlyActive: input.onlyActive ?? false, ...(input.tuid ? { tuid: input.tuid } : {}),
  });
  const last = await ticketsRepository.lastMessages(database, rows.map((r) => r.tuid));
  return {
    chats: rows.map((r) => {
      const m = last.get(r.tuid);
      return { ticket: ticketToWire(r, r.listing_title), unread: r.unread, last: m ? ticketMessageToWire(m) : null };
    }),
    page: input.page, hasMore,
  };
}
