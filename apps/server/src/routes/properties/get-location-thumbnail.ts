import { z } from 'zod';
import { getLocationThumbnail } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * GET /api/v1/properties/:id/location.svg — the picture cards and the detail page show for a listing without photos
 * (issue 9 §4): its colonia's (else municipality's) outline from the shipped boundaries with a dot at the listing,
 * an SVG of 400 × 300 px, cached a day. 404 / 410 in Spanish JSON as the detail (listingPolicy 'read').
 */
export default defineRoute((app) => {
  app.get('/api/v1/properties/:id/location.svg', {
    schema: {
      tags: ['propiedades'],
      summary: 'Imagen de la ubicación de una propiedad sin fotos (SVG)',
      params: z.object({ id: z.string().min(1).max(300) }),
    },
    preValidation: can('listing', 'read'),
    handler: async (request, reply) => {
      const svg = await getLocationThumbnail({
        database: app.services.database, idOrSlugOrCode: request.params.id, actor: await request.getActor(),
      });
      reply.header('cache-control', 'public, max-age=86400');
      reply.type('image/svg+xml; charset=utf-8');
      return reply.send(svg);
    },
  });
});
