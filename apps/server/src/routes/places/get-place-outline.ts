import { ZApiEnvelope, ZPlaceOutline, ZPlaceSlugParams } from '@nj/contracts';
import { resolveSearchPlace } from '@nj/core/search/resolve-search-place';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * GET /api/v1/places/{slug}/outline — the area a `place={slug}` search is narrowed to (issue 9 §2–§3), for the
 * listing map's outline: `{ msg: 'OK', data: ZPlaceOutline }` (GeoJSON MultiPolygon in degrees and where it comes
 * from; core resolveSearchPlace). Cacheable for a day (the shipped outlines change only with a release). An unknown
 * slug is a 404 with a Spanish msg.
 */
export default defineRoute((app) => {
  app.get('/api/v1/places/:slug/outline', {
    schema: {
      tags: ['lugares'],
      summary: 'El contorno de un lugar',
      params: ZPlaceSlugParams,
      response: { 200: ZApiEnvelope(ZPlaceOutline) },
    },
    preValidation: can('catalogue', 'read'),
    handler: async (request, reply) => {
      const place = await resolveSearchPlace(app.services.database, request.params.slug.trim().toLowerCase());
      reply.header('cache-control', 'public, max-age=86400');
      return { msg: 'OK', data: { type: 'MultiPolygon' as const, coordinates: place.polygons, source: place.source } };
    },
  });
});
