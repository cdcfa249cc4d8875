import { sql } from 'kysely';
import { TICKET_MESSAGES as M, type TTicketMessage } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { type RateLimiter, rateKey, requireNotLimited } from '../accounts/rate-limiter.ts';
import { discardMediaKeys, settlePendingKeys } from '../media/pending-media.ts';
import type { MediaStorage } from '../media/storage/media-storage.ts';
import type { Actor } from '../policies/actor.ts';
import type { ChatEvents } from '../rents/chat-events.ts';
import { SEND_MESSAGE_RATE_LIMITS } from '../rents/send-message.ts';
import { writeStaffAudit } from '../staff-db/write-staff-audit.ts';
import { appendTicketMessage } from './append-ticket-message.ts';
import { checkTicketFiles, putTicketFiles, type TicketUpload } from './store-ticket-files.ts';
import { loadTicketFor } from './ticket-access.ts';
import { ticketMessageToWire, ticketsRepository } from './tickets-repository.ts';

/**
 * The author of ticket `tuid` or a support user writes in its conversation (issue 14; spec 02 §7 POST
 * /v1/tickets/{tuid}/message): a text (1–5,000 characters after trimming) and/or up to 10 files (checkTicketFiles:
 * PNG/JPEG/WebP/PDF by content, 50 MB each), stored as one 'msg' then one 'attachment' message per file, in one
 * transaction. A support user who is not the author writes as staff (`from_staff`: the author reads 'Soporte') and
 * the action is written to the staff audit log ('message'). `clientMessageId` makes a resend safe: the text keeps the
 * id, the files `id#1`, `id#2`…; a resend stores nothing and answers the first messages with `duplicate: true`.
 * Writing marks the other side's messages seen. A closed ticket takes no more messages. Rate-limited with the chat
 * (30 a minute, 600 an hour per sender). Every stored message is published (on_ticket_message_received).
 * @returns `{ messages, duplicate }` (ZTicketSendResult)
 * @throws AppError UNAUTHORIZED; NOT_FOUND for an unknown ticket or someone else's; CONFLICT 'Este ticket está
 *   cerrado…'; BAD_REQUEST 'Escribe un mensaje o adjunta un archivo' (nothing sent), text too long, the files' errors;
 *   RATE_LIMITED
 */
export async function postTicketMessage(
  deps: { database: Database; limiter: RateLimiter; storage: MediaStorage; events: ChatEvents },
  input: { actor: Actor; tuid: string; text?: string | null; files?: TicketUpload[]; clientMessageId?: string | null },
): Promise<{ messages: TTicketMessage[]; duplicate: boolean }> {
  const { ticket, side } = await loadTicketFor(deps.database, input.actor, input.tuid, 'message');
  const from = input.actor.cuid!;
  const clientId = input.clientMessageId?.trim() || null;
  if (clientId && clientId.length > 90) throw new AppError('BAD_REQUEST', M.clientMessageIdInvalid);
  if (clientId) {
    const earlier = await ticketsRepository.findByClientMessageId(deps.database, ticket.tuid, from, clientId);
    if (earlier.length > 0) return { messages: earlier.map(ticketMessageToWire), duplicate: true };
  }
  if (ticket.status === 'closed') throw new AppError('CONFLICT', M.ticketClosed);
  const text = (input.text ?? '').trim();
  const files = input.files ?? [];
  if (text.length === 0 && files.length === 0) throw new AppError('BAD_REQUEST', M.messageEmpty, { text: M.messageEmpty });
  if (text.length > 5000) throw new AppError('BAD_REQUEST', M.messageTooLong, { text: M.messageTooLong });
  const kinds = await checkTicketFiles(files);
  await requireNotLimited(deps.limiter, [
    { key: rateKey('ticket-msg-minute', from), ...SEND_MESSAGE_RATE_LIMITS.perMinute },
    { key: rateKey('ticket-msg-hour', from), ...SEND_MESSAGE_RATE_LIMITS.perHour },
  ]);
  const attachments = await putTicketFiles(deps, ticket.tuid, files, kinds);
  const keys = attachments.map((a) => a.key);
  const fromStaff = side === 'staff';
  try {
    const appended = await deps.database.db.transaction().execute(async (trx) => {
      // Closed meanwhile (a support user closed it while the files were stored): nothing is added.
      const current = await sql<{ status: string }>`SELECT status FROM tickets WHERE tuid = ${ticket.tuid} FOR UPDATE`.execute(trx);
      if (current.rows[0]?.status === 'closed') throw new AppError('CONFLICT', M.ticketClosed);
      const out = [];
      if (text) out.push(await appendTicketMessage(deps, { tuid: ticket.tuid, fromCuid: from, fromStaff, cat: 'msg', text, clientMessageId: clientId }, trx));
      for (const [i, attachment] of attachments.entries()) {
        out.push(await appendTicketMessage(deps, {
          tuid: ticket.tuid, fromCuid: from, fromStaff, cat: 'attachment', text: attachment.name, attachment,
          clientMessageId: clientId ? `${clientId}#${i + 1}` : null,
        }, trx));
      }
      if (keys.length > 0) await settlePendingKeys(trx, keys);
      await ticketsRepository.markSeen(trx, ticket.tuid, side);
      if (fromStaff) {
        await writeStaffAudit(trx, { actorCuid: from, action: 'message', rtable: 'tickets', rkey: ticket.tuid, tuid: ticket.tuid, newValue: { messages: out.map((a) => a.message.muid) } });
      }
      return out;
    });
    const duplicate = appended.length > 0 && appended.every((a) => a.duplicate);
    if (duplicate && keys.length > 0) await discardMediaKeys(deps, keys);
    for (const a of appended) a.publish();
    return { messages: appended.map((a) => a.message), duplicate };
  } catch (error) {
    if (keys.length > 0) await discardMediaKeys(deps, keys);
    throw error;
  }
}
