import multipart from '@fastify/multipart';
import { IMPORT_PAGE_MESSAGES as M, LISTING_IMPORT_LIMITS, ZApiEnvelope, ZListingImportWithPlan } from '@nj/contracts';
import { AppError } from '@nj/core';
import { planListingImport } from '@nj/core/listing-imports/plan-listing-import';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { defineRoute } from '../define-route.ts';
import { countUploadedBytes, limitNonMultipartBody, reserveUploadMemory, uploadHandlerDone } from '../media/upload-memory.ts';
import { can } from '../../plugins/actor.ts';

/**
 * POST /api/v1/listing-imports — upload a CSV or XLSX for the import page (issue 10): multipart with one file (field
 * `file`). Answers 'Archivo leído…' with the planned import and its plan (layout, columns with guesses and samples,
 * missing fields, preview). Signed-in clients only (401). No file → 400 'Adjunta un archivo CSV o XLSX'; over 20 MB
 * → 413; not a table or over 20,000 rows → 400 with the Spanish reason. Held within the upload memory budget.
 */
export default defineRoute((app) => {
  void app.register(async (scoped) => {
    await scoped.register(multipart, { limits: { fileSize: LISTING_IMPORT_LIMITS.maxBytes, files: 1 } });
    scoped.addHook('preParsing', limitNonMultipartBody(64 * 1024));
    scoped.withTypeProvider<ZodTypeProvider>().post('/api/v1/listing-imports', {
      bodyLimit: LISTING_IMPORT_LIMITS.maxBytes + 1024 * 1024,
      schema: {
        tags: ['importaciones'],
        summary: 'Subir un archivo de propiedades (CSV o XLSX) y ver cómo se leerá',
        consumes: ['multipart/form-data'],
        response: { 200: ZApiEnvelope(ZListingImportWithPlan) },
      },
      preValidation: can('listing_import', 'create'),
      handler: async (request, reply) => {
        try {
          const file = await readImportUpload(request, reply);
          const data = await planListingImport(app.services, { actor: request.actor, bytes: file.bytes, fileName: file.name });
          return { msg: M.planned, data };
        } finally {
          uploadHandlerDone(request);
        }
      },
    });
  });
});

/** The one file of the upload (bytes and name). Throws AppError BAD_REQUEST / PAYLOAD_TOO_LARGE in Spanish. */
async function readImportUpload(request: FastifyRequest, reply: FastifyReply): Promise<{ bytes: Buffer; name: string }> {
  if (!request.isMultipart()) throw new AppError('BAD_REQUEST', M.fileMissing, { file: M.fileMissing });
  const lease = reserveUploadMemory(request, reply);
  let found: { bytes: Buffer; name: string } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: LISTING_IMPORT_LIMITS.maxBytes, files: 1, fields: 5, fieldSize: 1024 } })) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', M.fileTooLarge, { file: M.fileTooLarge });
      countUploadedBytes(lease, reply, bytes.length);
      found = { bytes, name: part.filename ?? 'archivo' };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', M.fileTooLarge, { file: M.fileTooLarge });
    throw new AppError('BAD_REQUEST', M.fileMissing, { file: M.fileMissing });
  }
  if (!found || found.bytes.length === 0) throw new AppError('BAD_REQUEST', M.fileMissing, { file: M.fileMissing });
  return found;
}
