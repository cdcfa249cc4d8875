import { gunzipSync } from 'node:zlib';
import { z } from 'zod';
import { PLACES_MESSAGES } from '@nj/contracts';
import { AppError } from '@nj/core';
import { readBoundaryFile } from '@nj/geo';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * GET /api/v1/map/boundaries/{states|municipalities|colonias}.geojson — a whole shipped boundary layer
 * (data/boundaries, INEGI) as GeoJSON, gzip-compressed, cached for a week, with an ETag (304 when unchanged). For
 * tools that want the outlines themselves; the map reads vector tiles instead (get-tile.ts, issue 9 §8).
 * 404 'No encontramos ese mapa' for another name.
 */
export default defineRoute((app) => {
  app.get('/api/v1/map/boundaries/:file', {
    schema: { tags: ['mapa'], summary: 'Límites para el mapa (GeoJSON)', params: z.object({ file: z.string().max(100) }) },
    preValidation: can('catalogue', 'read'),
    handler: async (request, reply) => {
      const layer = /^([a-z]+)\.geojson$/.exec(request.params.file)?.[1];
      const entry = layer ? readBoundaryFile(layer) : null;
      if (!entry) throw new AppError('NOT_FOUND', PLACES_MESSAGES.boundariesNotFound);
      reply.header('cache-control', 'public, max-age=604800');
      reply.header('etag', entry.etag);
      reply.header('vary', 'accept-encoding');
      reply.type('application/geo+json; charset=utf-8');
      if (request.headers['if-none-match'] === entry.etag) return reply.status(304).send();
      if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
        reply.header('content-encoding', 'gzip');
        return reply.send(entry.gzipped);
      }
      return reply.send(gunzipSync(entry.gzipped));
    },
  });
});
