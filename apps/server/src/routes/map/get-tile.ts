import { gunzipSync } from 'node:zlib';
import { z } from 'zod';
import { MAP_MESSAGES } from '@nj/contracts/map/messages';
import { AppError } from '@nj/core';
import { isTileAddress, shippedBaseTiles } from '@nj/geo/map/base-tiles';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/** Whole numbers without sign or leading zeros, as a tile address is written. */
const INTEGER = /^(0|[1-9]\d{0,7})$/;

/**
 * GET /api/v1/map/tiles/{z}/{x}/{y}.pbf — one tile of the offline base map (issue 9 §1, §8): a Mapbox Vector Tile
 * (MVT 2.1) with the layers `states`, `municipalities` (zoom ≥ 6), `colonias` (zoom ≥ 11) and `places` (label
 * points), cut in this process from the shipped INEGI data (packages/geo/src/map/base-tiles.ts) and kept in memory.
 * z from 0 to 17, x and y from 0 to 2^z − 1 (XYZ scheme). 200 with the tile (gzip when accepted), 204 where the
 * map has nothing (outside Mexico); cached for a week with an ETag (304 when unchanged); 400 with a Spanish `msg`
 * for any other address.
 */
export default defineRoute((app) => {
  app.get('/api/v1/map/tiles/:z/:x/:y', {
    schema: {
      tags: ['mapa'], summary: 'Mosaico vectorial del mapa base (MVT)',
      params: z.object({ z: z.string().max(12), x: z.string().max(12), y: z.string().max(16) }),
    },
    preValidation: can('catalogue', 'read'),
    handler: async (request, reply) => {
      const { z: zs, x: xs } = request.params;
      const ys = /^(.*)\.pbf$/.exec(request.params.y)?.[1] ?? '';
      if (![zs, xs, ys].every((s) => INTEGER.test(s)) || !isTileAddress(Number(zs), Number(xs), Number(ys))) {
        throw new AppError('BAD_REQUEST', MAP_MESSAGES.tileInvalid);
      }
      const tile = shippedBaseTiles().getTile(Number(zs), Number(xs), Number(ys));
      reply.header('cache-control', 'public, max-age=604800');
      if (!tile) return reply.status(204).send();
      reply.header('etag', tile.etag);
      reply.header('vary', 'accept-encoding');
      reply.type('application/vnd.mapbox-vector-tile');
      if (request.headers['if-none-match'] === tile.etag) return reply.status(304).send();
      if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
        reply.header('content-encoding', 'gzip');
        return reply.send(tile.gzipped);
      }
      return reply.send(gunzipSync(tile.gzipped));
    },
  });
});
