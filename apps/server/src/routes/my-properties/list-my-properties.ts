import { ZApiEnvelope, ZMyPropertiesQuery, ZMyPropertiesResult } from '@nj/contracts';
import { listMyProperties } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * GET /api/v1/properties/my?page&search&status — the signed-in client's own listings (active and inactive unless
 * `status` is given) as cards with owner metrics (spec 01 §7 "Older owner list", spec 03 §7). Only the session's
 * own listings. 401 for a visitor or anonymous client; bad page/status 400 in Spanish.
 * Answers `{ msg, data: { properties: ZOwnerPropertyCard[], total, page, page_size } }`.
 */
export default defineRoute((app) => {
  app.get('/api/v1/properties/my', {
    schema: {
      tags: ['mis propiedades'],
      summary: 'Propiedades del cliente (lista anterior)',
      querystring: ZMyPropertiesQuery,
      response: { 200: ZApiEnvelope(ZMyPropertiesResult) },
    },
    preValidation: can('listing', 'list_own'),
    handler: async (request) => {
      const q = request.query;
      const data = await listMyProperties(app.services.database, {
        actor: request.actor, page: q.page, rates: app.services.config.exchangeRates, filter: { status: q.status, search: q.search },
      });
      return { msg: 'OK', data };
    },
  });
});
