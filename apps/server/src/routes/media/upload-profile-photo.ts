import multipart from '@fastify/multipart';
import { PROFILE_PHOTO, PROFILE_PHOTO_MESSAGES as P, ZApiEnvelope, ZClientSession } from '@nj/contracts';
import { AppError, updateProfilePhoto } from '@nj/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { countUploadedBytes, limitNonMultipartBody, reserveUploadMemory, uploadHandlerDone } from './upload-memory.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/** The one uploaded file of the request, in memory (at most PROFILE_PHOTO.maxBytes), within the process-wide
 * upload budget (reserveUploadMemory: 413/429 when exceeded). Throws AppError with the spec's texts for a missing
 * file, a too large one or a request that is not multipart. */
async function readUpload(request: FastifyRequest, reply: FastifyReply): Promise<Buffer> {
  const lease = reserveUploadMemory(request, reply);
  let part;
  try {
    part = await request.file({ limits: { fileSize: PROFILE_PHOTO.maxBytes, files: 1, fields: 5, parts: 6 } });
  } catch {
    // Not multipart, malformed, or over the parts limit.
    throw new AppError('BAD_REQUEST', P.missingFile);
  }
  if (!part || part.fieldname !== PROFILE_PHOTO.field) {
    part?.file.resume();
    throw new AppError('BAD_REQUEST', P.missingFile, { [PROFILE_PHOTO.field]: P.missingFile });
  }
  try {
    const buffer = await part.toBuffer();
    if (buffer.length === 0) throw new AppError('BAD_REQUEST', P.missingFile);
    countUploadedBytes(lease, reply, buffer.length);
    return buffer;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' || part.file.truncated) {
      throw new AppError('PAYLOAD_TOO_LARGE', P.tooLarge);
    }
    throw new AppError('BAD_REQUEST', P.processFailed);
  }
}

/**
 * POST /api/v1/client/profilephoto — multipart field `profilephoto` (spec 02 §7): jpg, jpeg, png, webp or heic
 * judged by content (415 'La imagen no tiene una extension válida.'), at most 50 MB (413 with the spec's size
 * text), cut to a centred square, stored as WebP with a thumbnail. Answers 'Imagen de perfil actualizada con
 * éxito' and `{ client, settings }`; `client.profile_photo_name` is the storage key, served at `/media/{key}`.
 * Only the signed-in client's own photo (401 for a visitor or an anonymous client). Multipart parsing is
 * registered only in this route's scope. Images over 40 megapixels are refused from their header (400), issue 7 §1.
 */
export default defineRoute((app) => {
  void app.register(async (scoped) => {
    await scoped.register(multipart, { limits: { fileSize: PROFILE_PHOTO.maxBytes, files: 1 } });
    // The large bodyLimit is for the multipart file; any other body stays within 1 MB.
    scoped.addHook('preParsing', limitNonMultipartBody(1024 * 1024));
    scoped.withTypeProvider<ZodTypeProvider>().post('/api/v1/client/profilephoto', {
      bodyLimit: PROFILE_PHOTO.maxBytes + 1024 * 1024,
      schema: {
        tags: ['verificación'],
        summary: 'Subir mi foto de perfil',
        consumes: ['multipart/form-data'],
        response: { 200: ZApiEnvelope(ZClientSession) },
      },
      preValidation: can('client', 'update_own'),
      handler: async (request, reply) => {
        try {
          const file = await readUpload(request, reply);
          const view = await updateProfilePhoto({ database: app.services.database, storage: app.services.storage }, { actor: request.actor, file });
          return { msg: P.updated, data: view };
        } finally {
          uploadHandlerDone(request);
        }
      },
    });
  });
});
