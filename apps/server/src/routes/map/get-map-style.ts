import { z } from 'zod';
import { buildMapStyle } from '@nj/geo';
import { defineRoute } from '../define-route.ts';

/**
 * GET /api/v1/map/style.json — the map's base style: MAP_STYLE_URL when set (302 there), else our offline MapLibre
 * style over the bundled INEGI boundaries (design.md "map"). The style itself, not `{ msg, data }`: MapLibre reads it.
 */
export default defineRoute((app) => {
  app.get('/api/v1/map/style.json', {
    schema: { tags: ['mapa'], summary: 'Estilo del mapa (MapLibre v8)', response: { 200: z.record(z.string(), z.unknown()) } },
    handler: async (request, reply) => {
      const { mapStyleUrl } = app.services.config;
      if (mapStyleUrl) return reply.redirect(mapStyleUrl, 302);
      reply.header('cache-control', 'public, max-age=3600');
      return buildMapStyle(`${request.protocol}://${request.host}`);
    },
  });
});
