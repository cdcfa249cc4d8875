import { basename, dirname } from 'node:path';
import send from '@fastify/send';
import { MAP_MESSAGES } from '@nj/contracts/map/messages';
import { AppError } from '@nj/core';
import { PMTILES_PATH } from '@nj/geo/map/build-pmtiles-style';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * GET (and HEAD) /api/v1/map/pmtiles/base.pmtiles — the production base map's PMTiles archive named by
 * MAP_PMTILES_PATH (issue 9 §1), served with HTTP range requests as the browser's pmtiles reader asks for them:
 * `Range: bytes=a-b` answers 206 with Content-Range, no Range answers the whole file (200), a range past the end
 * answers 416 with `Content-Range: bytes *\/size` and a Spanish `msg`. ETag and Last-Modified from the file, so
 * If-None-Match / If-Range work; cached a day. Uses @fastify/send (Fastify's maintained file sender). 404 with a
 * Spanish `msg` when no archive is configured or the file is missing.
 */
export default defineRoute((app) => {
  app.get(PMTILES_PATH, {
    schema: { tags: ['mapa'], summary: 'Archivo PMTiles del mapa base (rangos HTTP)' },
    preValidation: can('catalogue', 'read'),
    handler: async (request, reply) => {
      const file = app.services.config.mapPmtilesPath;
      if (!file) throw new AppError('NOT_FOUND', MAP_MESSAGES.archiveNotFound);
      const result = await send(request.raw, `/${encodeURIComponent(basename(file))}`, {
        root: dirname(file), dotfiles: 'allow', index: false, maxAge: 86_400_000, acceptRanges: true,
      });
      if (result.type !== 'file' && result.statusCode !== 304 && result.statusCode !== 412 && result.statusCode !== 416) {
        throw new AppError('NOT_FOUND', MAP_MESSAGES.archiveNotFound);
      }
      if (result.statusCode === 416) {
        result.stream.destroy();
        reply.header('content-range', result.headers['content-range'] ?? result.headers['Content-Range'] ?? '');
        return reply.status(416).send({ msg: MAP_MESSAGES.rangeNotSatisfiable, data: null });
      }
      reply.status(result.statusCode).headers(result.headers);
      reply.type('application/vnd.pmtiles');
      return reply.send(result.stream);
    },
  });
});
