import { z } from 'zod';
import { buildMapStyle } from '@nj/geo';
import { buildPmtilesStyle } from '@nj/geo/map/build-pmtiles-style';
import type { FastifyRequest } from 'fastify';
import type { ServerConfig } from '../../config.ts';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/** A Host header that names a host (name, IPv4 or [IPv6]) and an optional port, nothing else. */
const PLAIN_HOST = /^(?:[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The origin the style's data URLs point at: PUBLIC_URL when set (always in production); otherwise, for local use
 * under any name (localhost, 127.0.0.1, a LAN address), the request's own Host header if it is a plain host, over
 * http. Never X-Forwarded-Host or X-Forwarded-Proto, which any client can send (issue 7 §7).
 */
export function styleOrigin(config: Pick<ServerConfig, 'publicUrl' | 'publicUrlFromEnv' | 'isProduction'>, request: FastifyRequest): string {
  if (config.publicUrlFromEnv || config.isProduction) return config.publicUrl;
  const host = request.headers.host ?? '';
  return PLAIN_HOST.test(host) ? `http://${host}` : config.publicUrl;
}

/**
 * GET /api/v1/map/style.json — the map's base style: MAP_STYLE_URL when set (302 there); else, with
 * MAP_PMTILES_PATH, the Protomaps style over that archive served by this server (build-pmtiles-style.ts); else our
 * offline MapLibre style over vector tiles cut from the bundled INEGI data (design.md "map"; issue 9 §1). Its URLs
 * are on `styleOrigin`. The style itself, not `{ msg, data }`: MapLibre reads it. Cached an hour, varying by Host.
 */
export default defineRoute((app) => {
  app.get('/api/v1/map/style.json', {
    schema: { tags: ['mapa'], summary: 'Estilo del mapa (MapLibre v8)', response: { 200: z.record(z.string(), z.unknown()) } },
    preValidation: can('catalogue', 'read'),
    handler: async (request, reply) => {
      const { mapStyleUrl, mapPmtilesPath } = app.services.config;
      if (mapStyleUrl) return reply.redirect(mapStyleUrl, 302);
      reply.header('cache-control', 'public, max-age=3600').header('vary', 'Host');
      const origin = styleOrigin(app.services.config, request);
      return mapPmtilesPath ? buildPmtilesStyle(origin) : buildMapStyle(origin);
    },
  });
});
