import { ZApiEnvelope, ZPlaceSlugParams, ZPlaceSuggestion, PLACES_MESSAGES } from '@nj/contracts';
import { AppError } from '@nj/core';
import { findPlaceBySlug } from '@nj/geo';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * GET /api/v1/places/{slug} — the place of a `/propiedades-en-{place}` page ('providencia-guadalajara',
 * 'guadalajara', 'ciudad-de-mexico', or a suggested name such as 'providencia'). 404 'No encontramos ese lugar'.
 */
export default defineRoute((app) => {
  app.get('/api/v1/places/:slug', {
    schema: {
      tags: ['lugares'],
      summary: 'Un lugar por su slug',
      params: ZPlaceSlugParams,
      response: { 200: ZApiEnvelope(ZPlaceSuggestion) },
    },
    preValidation: can('catalogue', 'read'),
    handler: async (request) => {
      const place = await findPlaceBySlug(app.services.database, request.params.slug);
      if (!place) throw new AppError('NOT_FOUND', PLACES_MESSAGES.notFound);
      return { msg: 'OK', data: place };
    },
  });
});
