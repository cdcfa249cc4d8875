import { ZApiEnvelope, ZLikedQuery, ZLikedResult } from '@nj/contracts';
import { listLikedProperties } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * GET /api/v1/properties/liked?page= — the signed-in client's liked listings as cards, newest like first, 20 a page
 * (spec 01 §2 "/favoritos", §7 "Favorites"). Only the session's own likes: there is no way to name another client.
 * A visitor or anonymous client gets 401 'Es necesario iniciar sesión para continuar'; a bad page is 400.
 * Answers `{ msg, data: { properties, total, page, page_size } }`.
 */
export default defineRoute((app) => {
  app.get('/api/v1/properties/liked', {
    schema: {
      tags: ['favoritos'],
      summary: 'Propiedades favoritas del cliente',
      querystring: ZLikedQuery,
      response: { 200: ZApiEnvelope(ZLikedResult) },
    },
    preValidation: can('like', 'list_own'),
    handler: async (request) => {
      const data = await listLikedProperties(app.services.database, {
        actor: request.actor, page: request.query.page, rates: app.services.config.exchangeRates,
      });
      return { msg: 'OK', data };
    },
  });
});
