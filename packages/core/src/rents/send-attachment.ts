import { randomBytes } from 'node:crypto';
import { ATTACHMENT_MAX_BYTES, CHAT_NOTIFICATION_MESSAGES as N, RENTS_MESSAGES } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { type RateLimiter, rateKey, requireNotLimited } from '../accounts/rate-limiter.ts';
import { readDeclaredSize } from '../media/decode-image.ts';
import { detectImageKind } from '../media/detect-image-kind.ts';
import { imageQueue } from '../media/image-queue.ts';
import { discardMediaKeys, recordPendingKeys, settlePendingKeys } from '../media/pending-media.ts';
import type { MediaStorage } from '../media/storage/media-storage.ts';
import type { Actor } from '../policies/actor.ts';
import { rentMessagePolicy } from '../policies/rent-message.ts';
import type { ChatEvents } from './chat-events.ts';
import { loadRentFor, requireTransition } from './rent-access.ts';
import { rentsRepository, type ChatMessage } from './rents-repository.ts';
import { notifyUnlessConnected, SEND_MESSAGE_RATE_LIMITS } from './send-message.ts';

/** A stored attachment as kept in rent_messages.attachment (spec 03 §3): name, MIME type, bytes, storage key. */
export type MessageAttachment = { name: string; mime: string; size: number; key: string };

/** How far into a PDF the header may start (bytes), and how much of its end is searched for the %%EOF marker. */
const PDF_HEADER_WITHIN = 1024;
const PDF_TRAILER_WITHIN = 4096;

/**
 * The kind of an attachment judged by its content (never its name): JPEG, PNG or WebP by magic bytes, their header
 * readable with at most 40 MP (read through the image queue: 2 at a time per process, like photo uploads); PDF by
 * the `%PDF-1.x`/`%PDF-2.x` header within its first 1 KiB and an `%%EOF` in its last 4 KiB — a bounded check, the
 * document itself is never parsed on the server.
 * @returns `{ mime, ext }`
 * @throws AppError UNSUPPORTED_MEDIA 'El archivo no tiene extension .png .jpeg .webp .pdf o .jpg' for any other
 *   content; BAD_REQUEST 'No pudimos leer el archivo…' for a damaged image or PDF; the pixel limit's BAD_REQUEST
 */
export async function checkAttachmentContent(file: Buffer): Promise<{ mime: string; ext: string }> {
  const head = file.subarray(0, PDF_HEADER_WITHIN);
  const pdfAt = head.indexOf('%PDF-');
  if (pdfAt >= 0) {
    if (!/^%PDF-[12]\.\d/.test(head.subarray(pdfAt, pdfAt + 8).toString('latin1'))) throw new AppError('BAD_REQUEST', N.attachmentUnreadable);
    if (file.subarray(Math.max(0, file.length - PDF_TRAILER_WITHIN)).indexOf('%%EOF') < 0) throw new AppError('BAD_REQUEST', N.attachmentUnreadable);
    return { mime: 'application/pdf', ext: 'pdf' };
  }
  const kind = await detectImageKind(file.subarray(0, 4100));
  if (kind === null || kind === 'heic') throw new AppError('UNSUPPORTED_MEDIA', N.attachmentType);
  try {
    await imageQueue.run(() => readDeclaredSize(file, kind));
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('BAD_REQUEST', N.attachmentUnreadable);
  }
  return { mime: `image/${kind}`, ext: kind === 'jpeg' ? 'jpg' : kind };
}

/** A file name safe to show and to put in Content-Disposition: no path, no control characters, at most 150 characters. */
export function cleanAttachmentName(name: string | null | undefined, ext: string): string {
  const base = (name ?? '').split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f"<>]/g, '').replace(/\s+/g, ' ').trim();
  const cut = base.length > 150 ? base.slice(base.length - 150) : base;
  return cut || `archivo.${ext}`;
}

/**
 * A party of rent `ruid` sends a file in the chat (issue 11 'Chat' attachments; POST /v1/messages/{ruid}/attachment):
 * JPEG, PNG, WebP or PDF checked by content (checkAttachmentContent), 1 byte to 50 MB, stored through the storage
 * adapter under `chat/{ruid}/…` (journaled in media_pending until the message commits, so an interrupted send leaves
 * no file), then a message `cat: 'attachment'` with `attachment: { name, mime, size, key }` goes to the other party,
 * published on `events` and notified offline like any message. Idempotent on `clientMessageId` (a resend stores
 * nothing). Rate-limited with text messages. The file is served only to the two parties (getAttachment).
 * @param input `{ actor, ruid, file (bytes), name (the uploaded file's name), clientMessageId? }`
 * @returns `{ message, duplicate }`
 * @throws AppError UNAUTHORIZED; NOT_FOUND for a stranger; CONFLICT when the conversation is closed; BAD_REQUEST
 *   'Adjunta un archivo' (empty) or unreadable; PAYLOAD_TOO_LARGE over 50 MB; UNSUPPORTED_MEDIA; RATE_LIMITED
 */
export async function sendAttachment(
  deps: { database: Database; limiter: RateLimiter; events: ChatEvents; storage: MediaStorage },
  input: { actor: Actor; ruid: string; file: Buffer; name?: string | null; clientMessageId?: string | null },
): Promise<{ message: ChatMessage; duplicate: boolean }> {
  const { rent, role } = await loadRentFor(deps.database, input.actor, input.ruid, rentMessagePolicy, 'send');
  if (input.clientMessageId != null && (input.clientMessageId.length < 1 || input.clientMessageId.length > 100)) {
    throw new AppError('BAD_REQUEST', RENTS_MESSAGES.clientMessageIdInvalid);
  }
  const from = input.actor.cuid!;
  if (input.clientMessageId) {
    const earlier = await deps.database.db.selectFrom('rent_messages').select('muid')
      .where('from_cuid', '=', from).where('client_message_id', '=', input.clientMessageId).executeTakeFirst();
    if (earlier) return { message: (await rentsRepository.findMessage(deps.database, earlier.muid))!, duplicate: true };
  }
  requireTransition(rent, 'send_message', role);
  if (input.file.length === 0) throw new AppError('BAD_REQUEST', N.attachmentMissing);
  if (input.file.length > ATTACHMENT_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', N.attachmentTooLarge);
  const { mime, ext } = await checkAttachmentContent(input.file);
  await requireNotLimited(deps.limiter, [
    { key: rateKey('chat-minute', from), ...SEND_MESSAGE_RATE_LIMITS.perMinute },
    { key: rateKey('chat-hour', from), ...SEND_MESSAGE_RATE_LIMITS.perHour },
  ]);
  const key = `chat/${rent.ruid}/${randomBytes(12).toString('hex')}.${ext}`;
  const attachment: MessageAttachment = { name: cleanAttachmentName(input.name, ext), mime, size: input.file.length, key };
  await recordPendingKeys(deps.database.db, [key]);
  try {
    await deps.storage.put(key, input.file, { contentType: mime });
  } catch (error) {
    await discardMediaKeys(deps, [key]);
    throw error;
  }
  const to = role === 'renter' ? rent.owner_cuid : rent.renter_cuid;
  const notify = notifyUnlessConnected(deps.events, to);
  let stored: { message: ChatMessage; duplicate: boolean };
  try {
    stored = await rentsRepository.insertMessage(deps.database, {
      ruid: rent.ruid, from_cuid: from, to_cuid: to, cat: 'attachment', text: attachment.name, attachment,
      client_message_id: input.clientMessageId ?? null,
    }, async (trx, message) => {
      await settlePendingKeys(trx, [key]);
      if (notify) await notify(trx, message);
    });
  } catch (error) {
    await discardMediaKeys(deps, [key]);
    throw error;
  }
  // A concurrent resend with the same client id won: this file is not referenced.
  if (stored.duplicate) await discardMediaKeys(deps, [key]);
  else deps.events.publishMessage({ ruid: rent.ruid, message: stored.message, from, to });
  return stored;
}

/**
 * The file of attachment message `muid` in rent `ruid`, for one of the rent's two parties (issue 11; GET
 * /v1/messages/{ruid}/attachment/{muid}; never through the public /media URL).
 * @returns `{ body, mime, name, size }`
 * @throws AppError UNAUTHORIZED; NOT_FOUND for a stranger, an unknown message, a message without a file, or a file
 *   no longer stored
 */
export async function getAttachment(
  deps: { database: Database; storage: MediaStorage }, input: { actor: Actor; ruid: string; muid: string },
): Promise<{ body: Buffer; mime: string; name: string; size: number }> {
  const { rent } = await loadRentFor(deps.database, input.actor, input.ruid, rentMessagePolicy, 'read');
  const message = await rentsRepository.findMessage(deps.database, input.muid);
  const attachment = message?.ruid === rent.ruid ? (message.attachment as Partial<MessageAttachment> | null) : null;
  if (!attachment || typeof attachment.key !== 'string' || !attachment.key.startsWith(`chat/${rent.ruid}/`)) {
    throw new AppError('NOT_FOUND', N.attachmentNotFound);
  }
  const stored = await deps.storage.get(attachment.key);
  if (!stored) throw new AppError('NOT_FOUND', N.attachmentNotFound);
  return { body: stored.body, mime: String(attachment.mime ?? stored.contentType), name: String(attachment.name ?? 'archivo'), size: stored.body.length };
}
