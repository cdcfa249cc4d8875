import { z } from 'zod';
import { DETAIL_MESSAGES, ZApiEnvelope, ZReportListingBody, ZReportResult } from '@nj/contracts';
import { reportListing } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * POST /api/v1/properties/:id/report — 'Reportar anuncio' (issue 9 §4; the spec names no report call, so the path
 * follows its property calls): body `{ reason, details? }` (ZReportListingBody), listing `id` a uid, slug or code.
 * Anyone may report (visitors too); stored for the support team. Answers `{ msg: 'Gracias. Recibimos tu reporte…',
 * data: { ruid } }`; 400 in Spanish for a bad reason or details over 1000 characters, 404 unknown listing, 410
 * deactivated listing, 429 over 5 an hour per IP or per client.
 */
export default defineRoute((app) => {
  app.post('/api/v1/properties/:id/report', {
    schema: {
      tags: ['propiedades'],
      summary: 'Reportar un anuncio al equipo de soporte',
      params: z.object({ id: z.string().min(1).max(300) }),
      body: ZReportListingBody,
      response: { 200: ZApiEnvelope(ZReportResult) },
    },
    preValidation: can('report', 'create'),
    handler: async (request) => {
      const session = await request.getSession();
      const data = await reportListing({ database: app.services.database, limiter: app.services.limiter }, {
        ...request.body, idOrSlugOrCode: request.params.id, actor: await request.getActor(),
        clientCuid: session?.cuid ?? null, ip: request.clientKey,
      });
      return { msg: DETAIL_MESSAGES.reportSent, data };
    },
  });
});
