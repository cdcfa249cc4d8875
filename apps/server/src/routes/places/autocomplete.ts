import { z } from 'zod';
import { ZApiEnvelope, ZAutocompleteQuery, ZPlaceSuggestion } from '@nj/contracts';
import { autocompletePlaces } from '@nj/geo';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * GET /api/v1/places/autocomplete?q=TEXT[&limit=N] — our place search (issue 2 §3; spec 01 §2 "Search bar
 * modes"). Answers `{ msg: 'OK', data: { suggestions } }`; any text, however odd, gives a list (maybe empty).
 */
export default defineRoute((app) => {
  app.get('/api/v1/places/autocomplete', {
    schema: {
      tags: ['lugares'],
      summary: 'Sugerencias de lugares en México',
      querystring: ZAutocompleteQuery,
      response: { 200: ZApiEnvelope(z.object({ suggestions: z.array(ZPlaceSuggestion) })) },
    },
    preValidation: can('catalogue', 'read'),
    handler: async (request) => {
      const suggestions = await autocompletePlaces(app.services.database, { q: request.query.q, limit: request.query.limit });
      return { msg: 'OK', data: { suggestions } };
    },
  });
});
