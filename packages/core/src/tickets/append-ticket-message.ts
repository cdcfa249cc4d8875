import { TICKET_MESSAGES, type TTicketMessage } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { ChatEvents } from '../rents/chat-events.ts';
import { ticketTables, type TicketAttachment, type TicketDbOrTrx } from './tickets-tables.ts';
import { ticketMessageToWire, ticketsRepository, type TicketMessageRow } from './tickets-repository.ts';

/** What appendTicketMessage stores: one message of a ticket's conversation. */
export type AppendTicketMessageInput = {
  tuid: string;
  /** The sender's cuid; null for a system message (a status change the staff panel writes). */
  fromCuid: string | null;
  /** True when the sender writes as support staff (the author reads 'Soporte'). */
  fromStaff: boolean;
  cat: 'msg' | 'system' | 'attachment';
  /** The text (for an attachment, its file name); at most 5,000 characters. */
  text: string;
  /** A file already stored through the storage adapter (its key under `tickets/{tuid}/`). */
  attachment?: TicketAttachment | null;
  /** The sender's own id of the message: a resend with the same id stores nothing and returns the first. */
  clientMessageId?: string | null;
};

/**
 * Appends one message to ticket `tuid`'s conversation and publishes it in real time (issue 14 'Tickets'; spec 02 §3
 * 'Ticket chat message'; shared with the staff panel for its system messages, interfaces of issue 14). The caller has
 * already decided who may write (postTicketMessage authorizes the author or a support user; the staff verbs are
 * support-only): this verb does not authorize.
 *
 * With `trx` the message is written in the caller's transaction and NOT published: the caller publishes the returned
 * `publish()` after its commit (so nobody hears of a message that is rolled back). Without `trx` it is written and
 * published at once. Publishing goes through `deps.events` (ChatEvents.publishTicketMessage), which the chat socket
 * turns into `on_ticket_message_received` for the ticket's room (its author and the staff looking at it) and the
 * author's client room, across processes.
 * @param deps `{ database, events }` (AppServices' `database` and `chatEvents`)
 * @param input see AppendTicketMessageInput
 * @param trx an open transaction of `deps.database` (optional)
 * @returns `{ message (wire form, ZTicketMessage), duplicate, publish }`; `publish` is a no-op once published or for a duplicate
 * @throws AppError NOT_FOUND 'No encontramos este ticket' for an unknown tuid; BAD_REQUEST for an empty or too long text
 */
export async function appendTicketMessage(
  deps: { database: Database; events: ChatEvents },
  input: AppendTicketMessageInput,
  trx?: TicketDbOrTrx,
): Promise<{ message: TTicketMessage; duplicate: boolean; publish: () => void }> {
  const text = input.text.trim();
  if (text.length > 5000) throw new AppError('BAD_REQUEST', TICKET_MESSAGES.messageTooLong);
  if (text.length === 0 && !input.attachment) throw new AppError('BAD_REQUEST', TICKET_MESSAGES.messageEmpty);
  const run = async (db: TicketDbOrTrx) => {
    const ticket = await ticketTables(db).selectFrom('tickets').select(['tuid', 'author_cuid']).where('tuid', '=', input.tuid).executeTakeFirst();
    if (!ticket) throw new AppError('NOT_FOUND', TICKET_MESSAGES.ticketNotFound);
    const inserted = await ticketsRepository.insertMessage(db, {
      tuid: input.tuid, from_cuid: input.fromCuid, from_staff: input.fromStaff, cat: input.cat, text,
      attachment: input.attachment ?? null, client_message_id: input.clientMessageId ?? null,
    });
    if (inserted) return { row: inserted, authorCuid: ticket.author_cuid, duplicate: false };
    const earlier = (await ticketsRepository.findByClientMessageId(db, input.tuid, input.fromCuid!, input.clientMessageId!))
      .find((m) => m.client_message_id === input.clientMessageId)!;
    return { row: earlier, authorCuid: ticket.author_cuid, duplicate: true };
  };
  const stored: { row: TicketMessageRow; authorCuid: string; duplicate: boolean } = trx
    ? await run(trx)
    : await deps.database.db.transaction().execute((t) => run(t));
  const message = ticketMessageToWire(stored.row);
  let published = stored.duplicate;
  const publish = () => {
    if (published) return;
    published = true;
    deps.events.publishTicketMessage({ tuid: input.tuid, authorCuid: stored.authorCuid, fromCuid: input.fromCuid, message });
  };
  if (!trx) publish();
  return { message, duplicate: stored.duplicate, publish };
}
