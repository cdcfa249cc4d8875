import { DOCUMENT_MESSAGES as M, ZApiEnvelope, ZClientDocument, ZDocumentIdParams, ZDocumentTypeQuery } from '@nj/contracts';
import { getClientDocument, replaceClientDocument, uploadClientDocument } from '@nj/core/rent-documents/client-documents';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';
import { uploadHandlerDone } from '../media/upload-memory.ts';
import { DOCUMENT_BODY_LIMIT, readDocumentUpload, registerDocumentMultipart } from './read-document-upload.ts';

/**
 * A client's INE, front and back (issue 12 'Identity'; spec 03 §3 'Identity validation' documents, §7 "Identity,
 * credit and documents"), for a signed-in client about their own documents only (401 otherwise):
 * - POST /api/v1/client/document?dtype=ine_front|ine_back — multipart field `document`: JPEG, PNG, WebP, HEIC or
 *   PDF judged by content (415 otherwise or when the name's extension contradicts it; 400 damaged; 413 over 10 MB;
 *   400 for more than 40 MP), stored encrypted (decision 016). One current document per side: a new upload replaces
 *   the old file and keeps the documentId. Answers the document `{ documentId, dtype, content_type, size, filename,
 *   created }`.
 * - POST or PUT /api/v1/client/document/{documentId} — the same upload replacing that document (404 'No encontramos
 *   ese documento' for another client's id).
 * - GET /api/v1/client/document/dtype?dtype= — the current document of that side, or `data: null`.
 * The file itself: GET /api/v1/documents/{documentId}.
 */
export default defineRoute((app) => {
  const deps = () => ({ database: app.services.database, storage: app.services.storage, dataKey: app.services.config.dataKey });

  app.get('/api/v1/client/document/dtype', {
    schema: { tags: ['identidad'], summary: 'Mi INE (frente o reverso)', querystring: ZDocumentTypeQuery, response: { 200: ZApiEnvelope(ZClientDocument.nullable()) } },
    preValidation: can('person_document', 'manage_own'),
    handler: async (request) => ({ msg: 'OK', data: await getClientDocument(deps(), { actor: request.actor, dtype: request.query.dtype }) }),
  });

  void app.register(async (scoped) => {
    await registerDocumentMultipart(scoped);
    const z = scoped.withTypeProvider<import('fastify-type-provider-zod').ZodTypeProvider>();
    z.post('/api/v1/client/document', {
      bodyLimit: DOCUMENT_BODY_LIMIT,
      schema: { tags: ['identidad'], summary: 'Subir mi INE', consumes: ['multipart/form-data'], querystring: ZDocumentTypeQuery, response: { 200: ZApiEnvelope(ZClientDocument) } },
      preValidation: can('person_document', 'manage_own'),
      handler: async (request, reply) => {
        try {
          const upload = await readDocumentUpload(request, reply, 'document');
          return { msg: M.documentSaved, data: await uploadClientDocument(deps(), { actor: request.actor, dtype: request.query.dtype, file: upload.file, filename: upload.filename }) };
        } finally {
          uploadHandlerDone(request);
        }
      },
    });
    for (const method of ['POST', 'PUT'] as const) {
      z.route({
        method, url: '/api/v1/client/document/:documentId', bodyLimit: DOCUMENT_BODY_LIMIT,
        schema: { tags: ['identidad'], summary: 'Reemplazar mi INE', consumes: ['multipart/form-data'], params: ZDocumentIdParams, response: { 200: ZApiEnvelope(ZClientDocument) } },
        preValidation: can('person_document', 'manage_own'),
        handler: async (request, reply) => {
          try {
            const upload = await readDocumentUpload(request, reply, 'document');
            return { msg: M.documentSaved, data: await replaceClientDocument(deps(), { actor: request.actor, documentId: request.params.documentId, file: upload.file, filename: upload.filename }) };
          } finally {
            uploadHandlerDone(request);
          }
        },
      });
    }
  });
});
