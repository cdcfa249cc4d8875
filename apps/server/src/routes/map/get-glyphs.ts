import { z } from 'zod';
import { MAP_MESSAGES } from '@nj/contracts/map/messages';
import { AppError } from '@nj/core';
import { readGlyphRange } from '@nj/geo/map/read-glyph-range';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * GET /api/v1/map/fonts/{fontstack}/{range}.pbf — the map's glyphs (issue 9 §1): SDF glyphs of 256 codepoints
 * (`range` like '0-255') of a shipped Noto Sans font ('Noto Sans Regular', 'Medium' or 'Italic'; `fontstack` may
 * list several, comma-separated, the first shipped one is used), as MapLibre's `glyphs` URL asks. Ranges we do not
 * ship answer an empty PBF. Cached for a month with an ETag (304 when unchanged). 404 for another font, 400 for a
 * malformed range, each with a Spanish `msg`.
 */
export default defineRoute((app) => {
  app.get('/api/v1/map/fonts/:fontstack/:range', {
    schema: {
      tags: ['mapa'], summary: 'Glifos del mapa (PBF)',
      params: z.object({ fontstack: z.string().max(200), range: z.string().max(30) }),
    },
    preValidation: can('catalogue', 'read'),
    handler: async (request, reply) => {
      const range = /^(.*)\.pbf$/.exec(request.params.range)?.[1] ?? '';
      const answer = readGlyphRange(request.params.fontstack, range);
      if (answer.kind === 'font-unknown') throw new AppError('NOT_FOUND', MAP_MESSAGES.fontNotFound);
      if (answer.kind === 'range-invalid') throw new AppError('BAD_REQUEST', MAP_MESSAGES.glyphRangeInvalid);
      reply.header('cache-control', 'public, max-age=2592000');
      reply.header('etag', answer.etag);
      reply.type('application/x-protobuf');
      if (request.headers['if-none-match'] === answer.etag) return reply.status(304).send();
      return reply.send(answer.pbf);
    },
  });
});
