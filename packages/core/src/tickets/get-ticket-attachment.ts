import { CHAT_NOTIFICATION_MESSAGES as N } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { MediaStorage } from '../media/storage/media-storage.ts';
import type { Actor } from '../policies/actor.ts';
import { loadTicketFor } from './ticket-access.ts';
import { ticketsRepository } from './tickets-repository.ts';

/**
 * The file of attachment message `muid` of ticket `tuid`, for the ticket's author or a support user (issue 14; GET
 * /api/v1/tickets/{tuid}/attachment/{muid}; never through the public /media URL, which does not serve `tickets/`).
 * @returns `{ body, mime, name, size }`
 * @throws AppError UNAUTHORIZED; NOT_FOUND for someone else's ticket, an unknown message, one without a file, or a
 *   file no longer stored
 */
export async function getTicketAttachment(
  deps: { database: Database; storage: MediaStorage }, input: { actor: Actor; tuid: string; muid: string },
): Promise<{ body: Buffer; mime: string; name: string; size: number }> {
  const { ticket } = await loadTicketFor(deps.database, input.actor, input.tuid, 'read');
  const message = await ticketsRepository.findMessage(deps.database, ticket.tuid, input.muid);
  const attachment = message?.attachment;
  if (!attachment || typeof attachment.key !== 'string' || !attachment.key.startsWith(`tickets/${ticket.tuid}/`)) {
    throw new AppError('NOT_FOUND', N.attachmentNotFound);
  }
  const stored = await deps.storage.get(attachment.key);
  if (!stored) throw new AppError('NOT_FOUND', N.attachmentNotFound);
  return { body: stored.body, mime: attachment.type, name: attachment.name, size: stored.body.length };
}
