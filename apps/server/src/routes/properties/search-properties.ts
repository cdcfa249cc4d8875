import { SEARCH_MESSAGES, ZApiEnvelope, ZSearchQuery, ZSearchResult } from '@nj/contracts';
import { findSiteByHost, VISITOR } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';
import { sendJson } from './send-json.ts';
import { can } from '../../plugins/actor.ts';

/**
 * POST /api/v1/properties/search — map and list search (spec 01 §7; issue 2 §4). Query parameters per ZSearchQuery
 * (north, south, east, west required; map=1 adds clusters). Spec 01 §5 has search run in a client session, an
 * anonymous one sufficing: a visitor without a session cookie is answered as an anonymous client without creating
 * one (issue 7 "Under load": no database write per cookieless search; the browser gets its client when it first
 * needs one). Cards carry `is_liked` for a registered client (one session lookup when a cookie is sent). Answers
 * `{ msg, data: ZSearchResult }` (compressed in one call, see send-json.ts); a bad parameter is a 400 with a
 * Spanish msg. On a branded site's host (findSiteByHost; issue 15, decision 030) only its members' listings.
 */
export default defineRoute((app) => {
  app.post('/api/v1/properties/search', {
    schema: {
      tags: ['propiedades'],
      summary: 'Buscar propiedades en el mapa',
      querystring: ZSearchQuery,
      response: { 200: ZApiEnvelope(ZSearchResult) },
    },
    // The answer is typed TSearchResult by core and kept in the schema above for the OpenAPI document, but not
    // re-validated by zod on every request: that was ~8% of a search under load (up to 500 clusters; issue 7).
    serializerCompiler: () => (data) => JSON.stringify(data),
    preValidation: can('catalogue', 'search'),
    handler: async (request, reply) => {
      // A cookieless search (most of the load) reads no session at all.
      const actor = request.cookies[SESSION_COOKIE] ? await request.getActor() : VISITOR;
      const site = await findSiteByHost(app.services.database, request.headers.host);
      const data = await app.services.search.search(request.query, actor, site?.uid);
      return sendJson(request, reply, { msg: data.total === 0 ? SEARCH_MESSAGES.noResults : 'OK', data });
    },
  });
});
