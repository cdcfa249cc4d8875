import { SEARCH_MESSAGES, ZApiEnvelope, ZSearchQuery, ZSearchResult } from '@nj/contracts';
import { defineRoute } from '../define-route.ts';

/**
 * POST /api/v1/properties/search — map and list search (spec 01 §7; issue 2 §4). Query parameters per ZSearchQuery
 * (north, south, east, west required; map=1 adds clusters). Needs a client session: a visitor without one gets an
 * anonymous client here. Cards carry `is_liked` for a registered client. Answers `{ msg, data: ZSearchResult }`; a bad parameter is a 400 with a Spanish msg.
 */
export default defineRoute((app) => {
  app.post('/api/v1/properties/search', {
    schema: {
      tags: ['propiedades'],
      summary: 'Buscar propiedades en el mapa',
      querystring: ZSearchQuery,
      response: { 200: ZApiEnvelope(ZSearchResult) },
    },
    handler: async (request) => {
      const client = await request.ensureClient();
      const data = await app.services.search.search(request.query, client.isAnonymous ? undefined : client.cuid);
      return { msg: data.total === 0 ? SEARCH_MESSAGES.noResults : 'OK', data };
    },
  });
});
