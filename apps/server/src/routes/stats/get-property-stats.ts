import { z } from 'zod';
import { ZApiEnvelope, ZListingStats, ZStatsQuery } from '@nj/contracts';
import { getListingStats } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * GET /api/v1/property/:puid/stats?days=30 — the daily series of one listing for its owner (issue 4 "A statistics
 * page per listing with a chart of the last 30 days"). 401 for a visitor or anonymous client, 403 for anyone but
 * the owner (demo listings have none), 404 unknown, 400 bad days. Answers `{ msg, data: ZListingStats }`.
 */
export default defineRoute((app) => {
  app.get('/api/v1/property/:puid/stats', {
    schema: {
      tags: ['estadísticas'],
      summary: 'Estadísticas diarias de una propiedad (propietario)',
      params: z.object({ puid: z.string().min(1).max(100) }),
      querystring: ZStatsQuery,
      response: { 200: ZApiEnvelope(ZListingStats) },
    },
    preValidation: can('listing', 'stats'),
    handler: async (request) => {
            const data = await getListingStats(app.services.database, { actor: request.actor, puid: request.params.puid, days: request.query.days });
      return { msg: 'OK', data };
    },
  });
});
