import { TICKET_LIMITS, TICKET_MESSAGES as M } from '@nj/contracts';
import { AppError, type TicketUpload } from '@nj/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { countUploadedBytes, reserveUploadMemory } from '../media/upload-memory.ts';

/** Largest whole multipart request of a ticket: 10 files of 50 MB plus the text fields (the upload budget, 256 MiB per process, bounds it first). */
export const TICKET_UPLOAD_BODY_LIMIT = TICKET_LIMITS.maxBytes * TICKET_LIMITS.maxAttachments + 1024 * 1024;

/** Bytes a text field may carry: 5,000 characters of up to 4 bytes each in UTF-8 (accents, emoji), with room. */
const FIELD_BYTES = 24_000;

/** The text fields a ticket form may carry (any other field is ignored). */
const FIELDS = new Set(['title', 'category', 'description', 'puid', 'ruid', 'date', 'text', 'client_message_id']);

/**
 * Reads a multipart ticket form in memory (POST /v1/tickets and POST /v1/tickets/{tuid}/message): the text fields
 * (`title`, `category`, `description`, `puid`, `ruid`, `date`, `text`, `client_message_id`; each at most 24,000
 * bytes, refused when longer rather than cut) and every file part in order (any field name; `files` is the documented one), at most 10 files of at
 * most 50 MB. Memory (issue 7 §1): the request's Content-Length is reserved from the process-wide upload budget
 * before reading (reserveUploadMemory; 413/429 when it cannot), released once the response ended and the handler
 * called uploadHandlerDone.
 * @returns `{ fields, files }`
 * @throws AppError BAD_REQUEST 'Lo sentimos, solo puedes subir hasta 10 imágenes' over 10 files; PAYLOAD_TOO_LARGE
 *   for a file over 50 MB; BAD_REQUEST `unreadable` for a malformed form; the budget's 413/429
 */
export async function readTicketUpload(request: FastifyRequest, reply: FastifyReply, unreadable: string): Promise<{ fields: Record<string, string>; files: TicketUpload[] }> {
  const lease = reserveUploadMemory(request, reply);
  const files: TicketUpload[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: TICKET_LIMITS.maxBytes, files: TICKET_LIMITS.maxAttachments + 1, fields: 20, fieldSize: FIELD_BYTES } })) {
      if (part.type === 'file') {
        if (files.length >= TICKET_LIMITS.maxAttachments) {
          part.file.resume();
          throw new AppError('BAD_REQUEST', M.tooManyFiles, { files: M.tooManyFiles });
        }
        const body = await part.toBuffer();
        if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', M.fileTooLarge, { files: M.fileTooLarge });
        countUploadedBytes(lease, reply, body.length);
        files.push({ body, name: part.filename });
      } else if (FIELDS.has(part.fieldname) && typeof part.value === 'string') {
        // A value cut at FIELD_BYTES would be stored cut (perhaps mid-character): refused instead.
        if (part.valueTruncated) throw new AppError('BAD_REQUEST', M.fieldTooLong, { [part.fieldname]: M.fieldTooLong });
        fields[part.fieldname] = part.value.replace(/\u0000/g, '');
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', M.fileTooLarge, { files: M.fileTooLarge });
    if (code === 'FST_FILES_LIMIT') throw new AppError('BAD_REQUEST', M.tooManyFiles, { files: M.tooManyFiles });
    throw new AppError('BAD_REQUEST', unreadable);
  }
  return { fields, files };
}
