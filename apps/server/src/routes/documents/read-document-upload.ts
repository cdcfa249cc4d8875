import { DOCUMENT_MAX_BYTES, DOCUMENT_MESSAGES as M } from '@nj/contracts';
import { AppError } from '@nj/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { countUploadedBytes, limitNonMultipartBody, reserveUploadMemory } from '../media/upload-memory.ts';

/** Text fields a document form may carry besides its file (proof of address), each up to 1 KiB. */
const MAX_FIELDS = 10;

/** One uploaded document: its bytes, its name as uploaded, and the form's text fields. */
export type DocumentUpload = { file: Buffer; filename: string; fields: Record<string, string> };

/**
 * Registers multipart parsing for a scope of document upload routes: one file of at most DOCUMENT_MAX_BYTES,
 * MAX_FIELDS text fields, and any non-multipart body refused beyond 64 KiB (so the upload's body limit is never a
 * JSON's).
 */
export async function registerDocumentMultipart(scope: FastifyInstance): Promise<void> {
  await scope.register(multipart, { limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: MAX_FIELDS, fieldSize: 1024, parts: MAX_FIELDS + 1 } });
  scope.addHook('preParsing', limitNonMultipartBody(64 * 1024));
}

/** Body limit of a document upload request, bytes: the file plus room for the form around it. */
export const DOCUMENT_BODY_LIMIT = DOCUMENT_MAX_BYTES + 256 * 1024;

/**
 * Reads a multipart document form (issue 12): the one file in field `fileField` (any order with the text fields),
 * in memory within the process-wide upload budget (413/429 as photo uploads), and the text fields. The caller must
 * call uploadHandlerDone(request) in a `finally`.
 * @returns `{ file, filename, fields }`
 * @throws AppError BAD_REQUEST 'Elige un archivo' (not multipart, no such file, empty; `fields[fileField]`),
 *   PAYLOAD_TOO_LARGE 'El archivo pesa más de 10 MB', BAD_REQUEST 'No pudimos leer el archivo…' for a broken form
 */
export async function readDocumentUpload(request: FastifyRequest, reply: FastifyReply, fileField: string): Promise<DocumentUpload> {
  const missing = () => new AppError('BAD_REQUEST', M.fileRequired, { [fileField]: M.fileRequired });
  if (!request.isMultipart()) throw missing();
  const lease = reserveUploadMemory(request, reply);
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  let filename = '';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField || file !== null) {
          part.file.resume();
          continue;
        }
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', M.fileTooLarge, { [fileField]: M.fileTooLarge });
        countUploadedBytes(lease, reply, bytes.length);
        file = bytes;
        filename = part.filename ?? '';
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', M.fileTooLarge, { [fileField]: M.fileTooLarge });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new AppError('BAD_REQUEST', M.fileUnreadable);
    throw new AppError('BAD_REQUEST', M.fileUnreadable);
  }
  if (!file || file.length === 0) throw missing();
  return { file, filename, fields };
}
