import { ZApiEnvelope, ZDocumentDownloadQuery, ZDocumentLink, ZDocumentLinkBody, ZDocumentSlugParams } from '@nj/contracts';
import { documentLink, downloadDocument } from '@nj/core/rent-documents/download-document';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';
import { sendPrivateFile } from '../media/send-private-file.ts';

/**
 * GET /api/v1/documents/{slug}?ruid= — a personal document's file (issue 12 'Identity', 'The owner's decision';
 * spec 03 §7 'download a file', §8 'Error al descargar el archivo'; decision 016). Its own person and support get
 * the original; the owner of the listing of a rent naming the person, once the proposal was sent, gets a
 * watermarked copy 'Solo para la renta de {dirección} — {fecha}' (JPEG for images, PDF stamped on every page) —
 * `ruid` names that rent for INE documents (the review's links carry it). Anyone else, and the owner before the
 * proposal is sent: 404 'Error al descargar el archivo'. The same-origin session cookie is the credential, so the
 * link opens in a new tab; the answer is `private, no-store`, nosniff, with a CSP that runs nothing.
 *
 * POST /api/v1/documents/link `{ slug, ruid? }` — the spec's 'download a file (body slug; returns a link)': checks
 * the same access and answers `{ url, content_type, filename, watermarked }` (the GET above; the session is still
 * the credential). 404 'Error al descargar el archivo' otherwise.
 */
export default defineRoute((app) => {
  app.post('/api/v1/documents/link', {
    schema: { tags: ['documentos'], summary: 'Enlace para descargar un documento', body: ZDocumentLinkBody, response: { 200: ZApiEnvelope(ZDocumentLink) } },
    preValidation: can('person_document', 'read'),
    handler: async (request) => ({
      msg: 'OK',
      data: await documentLink(app.services.database, { actor: request.actor, slug: request.body.slug, ruid: request.body.ruid }),
    }),
  });

  app.get('/api/v1/documents/:slug', {
    schema: {
      tags: ['documentos'], summary: 'Descargar un documento', params: ZDocumentSlugParams, querystring: ZDocumentDownloadQuery,
      produces: ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'application/pdf'],
    },
    preValidation: can('person_document', 'read'),
    handler: async (request, reply) => {
      const file = await downloadDocument({ database: app.services.database, storage: app.services.storage, dataKey: app.services.config.dataKey }, {
        actor: request.actor, slug: request.params.slug, ruid: request.query.ruid,
      });
      return sendPrivateFile(reply, { body: file.body, mime: file.contentType, size: file.body.length, name: file.filename }, 'inline');
    },
  });
});
