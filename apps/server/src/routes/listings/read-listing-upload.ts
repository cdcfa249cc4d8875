import { jsonTextProblem, LISTING_MESSAGES as M, LISTING_PHOTO } from '@nj/contracts';
import { AppError } from '@nj/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { countUploadedBytes, reserveUploadMemory } from '../media/upload-memory.ts';

/** Largest whole multipart request: every photo at the limit plus the data field. */
export const LISTING_UPLOAD_BODY_LIMIT = LISTING_PHOTO.maxBytes * LISTING_PHOTO.maxPhotos + 2 * 1024 * 1024;

/**
 * Reads a multipart listing request in memory: the `data` field (JSON text, parsed), an optional `draft_id` field,
 * and every file part in order (any field name; `images` is the documented one). Throws AppError
 * PAYLOAD_TOO_LARGE 'Cada foto puede pesar como máximo 15 MB…' for a bigger file, BAD_REQUEST 'Una propiedad puede
 * tener como máximo 30 fotos', BAD_REQUEST 'Los datos de la propiedad no son válidos' for data that is not JSON.
 * Memory (issue 7 §1): the request's Content-Length is reserved from the process-wide upload budget before reading
 * and each file as it is read (reserveUploadMemory), released when the response has ended and the handler called
 * uploadHandlerDone; throws its 413/429 errors.
 */
export async function readListingUpload(request: FastifyRequest, reply: FastifyReply): Promise<{ data: unknown; draftId: string | undefined; files: Buffer[] }> {
  const lease = reserveUploadMemory(request, reply);
  const files: Buffer[] = [];
  let dataText: string | undefined;
  let draftId: string | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: LISTING_PHOTO.maxBytes, files: LISTING_PHOTO.maxPhotos + 1, fields: 10, fieldSize: 1024 * 1024 } })) {
      if (part.type === 'file') {
        if (files.length >= LISTING_PHOTO.maxPhotos) {
          part.file.resume();
          throw new AppError('BAD_REQUEST', M.photoTooMany, { images: M.photoTooMany });
        }
        const buffer = await part.toBuffer();
        if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', M.photoTooLarge, { images: M.photoTooLarge });
        countUploadedBytes(lease, reply, buffer.length);
        if (buffer.length > 0) files.push(buffer);
      } else if (part.fieldname === 'data') {
        dataText = String(part.value);
      } else if (part.fieldname === 'draft_id') {
        draftId = String(part.value).replace(/\u0000/g, '').slice(0, 64) || undefined;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', M.photoTooLarge, { images: M.photoTooLarge });
    if (code === 'FST_FILES_LIMIT') throw new AppError('BAD_REQUEST', M.photoTooMany, { images: M.photoTooMany });
    throw new AppError('BAD_REQUEST', M.badData);
  }
  let data: unknown = undefined;
  if (dataText !== undefined) {
    // Too deep, a NUL or a lone surrogate: refused like any JSON body (plugins/input-guards.ts).
    if (jsonTextProblem(dataText)) throw new AppError('BAD_REQUEST', M.badData, { data: M.badData });
    try {
      data = JSON.parse(dataText);
    } catch {
      throw new AppError('BAD_REQUEST', M.badData, { data: M.badData });
    }
  }
  return { data, draftId, files };
}
