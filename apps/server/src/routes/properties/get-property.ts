import { z } from 'zod';
import { ZApiEnvelope, ZPropertyDetail } from '@nj/contracts';
import { defineRoute } from '../define-route.ts';
import { findSiteByHost } from '@nj/core';
import { can } from '../../plugins/actor.ts';

/**
 * GET /api/v1/properties/:id — one listing by uid ('p_…'), slug or code ('NJ-1A2B', any case) (spec 01 §2).
 * `is_liked` is set for a signed-in client. On a branded site's host, a listing of a non-member is a 404 (decision 030). Answers `{ msg, data: ZPropertyDetail }`, or 404 with SEARCH_MESSAGES.propertyNotFound.
 */
export default defineRoute((app) => {
  app.get('/api/v1/properties/:id', {
    schema: {
      tags: ['propiedades'],
      summary: 'Detalle de una propiedad por uid, slug o código NJ',
      params: z.object({ id: z.string() }),
      response: { 200: ZApiEnvelope(ZPropertyDetail) },
    },
    preValidation: can('listing', 'read'),
    handler: async (request) => {
      const site = await findSiteByHost(app.services.database, request.headers.host);
      return { msg: 'OK', data: await app.services.search.getProperty(request.params.id, await request.getActor(), site?.uid) };
    },
  });
});
