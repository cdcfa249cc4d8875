import { z } from 'zod';
import { MAP_MESSAGES } from '@nj/contracts/map/messages';
import { AppError } from '@nj/core';
import { readSpriteFile } from '@nj/geo/map/read-map-asset';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * GET /api/v1/map/sprites/{file} — the production style's icon sheet (Protomaps light v4: `light.json`,
 * `light.png`, `light@2x.json`, `light@2x.png`; packages/geo/src/map/sprites/SOURCE.md), cached a month with an
 * ETag (304 when unchanged). 404 'No encontramos ese mapa' for another name.
 */
export default defineRoute((app) => {
  app.get('/api/v1/map/sprites/:file', {
    schema: { tags: ['mapa'], summary: 'Iconos del mapa base (sprite)', params: z.object({ file: z.string().max(100) }) },
    preValidation: can('catalogue', 'read'),
    handler: async (request, reply) => {
      const entry = readSpriteFile(request.params.file);
      if (!entry) throw new AppError('NOT_FOUND', MAP_MESSAGES.spriteNotFound);
      reply.header('cache-control', 'public, max-age=2592000');
      reply.header('etag', entry.etag);
      reply.type(entry.type);
      if (request.headers['if-none-match'] === entry.etag) return reply.status(304).send();
      return reply.send(entry.body);
    },
  });
});
