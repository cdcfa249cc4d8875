import { randomBytes } from 'node:crypto';
import { CHAT_NOTIFICATION_MESSAGES as N, TICKET_LIMITS, TICKET_MESSAGES } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { discardMediaKeys, recordPendingKeys } from '../media/pending-media.ts';
import type { MediaStorage } from '../media/storage/media-storage.ts';
import { checkAttachmentContent, cleanAttachmentName } from '../rents/send-attachment.ts';
import type { TicketAttachment } from './tickets-tables.ts';

/** A file as the route read it: its bytes and the name it was uploaded with. */
export type TicketUpload = { body: Buffer; name?: string | null };

/**
 * Checks a ticket's files before anything is stored (spec 02 §5, §9): at most 10; each 1 byte to 50 MB; PNG, JPEG,
 * WebP or PDF judged by content, never by name (the chat's checkAttachmentContent: image magic + a header within
 * 40 MP read through the image queue; PDF header and `%%EOF`).
 * @returns each file's MIME type and extension, in order
 * @throws AppError BAD_REQUEST 'Lo sentimos, solo puedes subir hasta 10 imágenes' over 10, 'Adjunta un archivo' for
 *   an empty one or unreadable content; PAYLOAD_TOO_LARGE over 50 MB ('El tamaño del archivo sobrepasa el límite de 50 Megabytes…', spec 02 §5); UNSUPPORTED_MEDIA 'El archivo no tiene
 *   extension .png .jpeg .webp .pdf o .jpg'
 */
export async function checkTicketFiles(files: TicketUpload[]): Promise<Array<{ mime: string; ext: string }>> {
  if (files.length > TICKET_LIMITS.maxAttachments) throw new AppError('BAD_REQUEST', TICKET_MESSAGES.tooManyFiles, { files: TICKET_MESSAGES.tooManyFiles });
  const kinds: Array<{ mime: string; ext: string }> = [];
  for (const file of files) {
    if (file.body.length === 0) throw new AppError('BAD_REQUEST', N.attachmentMissing);
    if (file.body.length > TICKET_LIMITS.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', TICKET_MESSAGES.fileTooLarge, { files: TICKET_MESSAGES.fileTooLarge });
    kinds.push(await checkAttachmentContent(file.body));
  }
  return kinds;
}

/**
 * Stores checked files of ticket `tuid` through the storage adapter under `tickets/{tuid}/…`, each key journaled in
 * media_pending first: the caller settles the keys (settlePendingKeys) in the transaction that writes the messages
 * naming them, or calls discardMediaKeys when that fails; an interrupted request leaves nothing (the pending sweep).
 * @returns the attachments to store in ticket_messages.attachment, in order
 */
export async function putTicketFiles(
  deps: { database: Database; storage: MediaStorage }, tuid: string, files: TicketUpload[], kinds: Array<{ mime: string; ext: string }>,
): Promise<TicketAttachment[]> {
  const attachments = files.map((file, i) => ({
    key: `tickets/${tuid}/${randomBytes(12).toString('hex')}.${kinds[i]!.ext}`,
    name: cleanAttachmentName(file.name, kinds[i]!.ext), type: kinds[i]!.mime, bytes: file.body.length,
  }));
  if (attachments.length === 0) return [];
  const keys = attachments.map((a) => a.key);
  await recordPendingKeys(deps.database.db, keys);
  try {
    for (const [i, a] of attachments.entries()) await deps.storage.put(a.key, files[i]!.body, { contentType: a.type });
  } catch (error) {
    await discardMediaKeys(deps, keys);
    throw error;
  }
  return attachments;
}
