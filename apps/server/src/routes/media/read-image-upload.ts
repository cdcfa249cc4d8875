import type { FastifyReply, FastifyRequest } from 'fastify';
import { PROFILE_PHOTO, PROFILE_PHOTO_MESSAGES as P } from '@nj/contracts';
import { AppError } from '@nj/core/errors/app-error';
import { countUploadedBytes, reserveUploadMemory } from './upload-memory.ts';

/**
 * The one image file of a multipart request (field `field`), read into memory within the process's upload budget
 * (upload-memory.ts) and the profile photo's size cap (PROFILE_PHOTO.maxBytes). Used by the agency logo and the map
 * ad image; the bytes are checked by content by the core verb that stores them.
 * Throws AppError 400 `missing` (no file, another field, an empty file), 413 (too large), 400 (unreadable body).
 */
export async function readImageUpload(request: FastifyRequest, reply: FastifyReply, field: string, missing: string): Promise<Buffer> {
  const lease = reserveUploadMemory(request, reply);
  let part;
  try {
    part = await request.file({ limits: { fileSize: PROFILE_PHOTO.maxBytes, files: 1, fields: 5, parts: 6 } });
  } catch {
    throw new AppError('BAD_REQUEST', missing);
  }
  if (!part || part.fieldname !== field) {
    part?.file.resume();
    throw new AppError('BAD_REQUEST', missing, { [field]: missing });
  }
  try {
    const buffer = await part.toBuffer();
    if (buffer.length === 0) throw new AppError('BAD_REQUEST', missing);
    countUploadedBytes(lease, reply, buffer.length);
    return buffer;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' || part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', P.tooLarge);
    throw new AppError('BAD_REQUEST', P.processFailed);
  }
}
