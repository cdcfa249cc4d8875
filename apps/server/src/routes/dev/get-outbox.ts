import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { COMMON_MESSAGES, ZApiEnvelope, ZOutboxMessage, ZOutboxQuery } from '@nj/contracts';
import { AppError, listOutbox } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const LOOPBACK_HOST = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/i;

/**
 * True when the request comes from this machine itself: the socket's peer is a loopback address, no proxy header
 * says it was forwarded, and it was addressed to a loopback name (a reverse proxy on the same machine would
 * otherwise make every visitor local; one that forwards the public Host is refused by the last check).
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  const peer = request.raw.socket.remoteAddress ?? '';
  const h = request.headers;
  return LOOPBACK.test(peer) && LOOPBACK_HOST.test(h.host ?? '') && !h['x-forwarded-for'] && !h['forwarded'] && !h['x-real-ip'];
}

/**
 * GET /api/dev/outbox?to=&limit= — e-mails and SMS/WhatsApp messages kept instead of sent, newest first (to,
 * subject or channel, text, links, codes), so developers and end-to-end tests read PINs and codes (issue 3). It
 * shows every PIN and reset link, so it exists only with DEV_OUTBOX=1 outside production and only for requests
 * from this machine (issue 7 finding 3); anything else gets the Spanish 404 of an unknown route.
 */
export default defineRoute((app) => {
  app.get('/api/dev/outbox', {
    schema: {
      tags: ['desarrollo'],
      summary: 'Correos y mensajes guardados (solo desarrollo, DEV_OUTBOX=1, desde esta máquina)',
      querystring: ZOutboxQuery,
      response: { 200: ZApiEnvelope(z.array(ZOutboxMessage)) },
    },
    preValidation: can('system', 'dev_outbox'),
    handler: async (request, reply) => {
      const { devOutbox, isProduction } = app.services.config;
      if (!devOutbox || isProduction || !isLocalRequest(request)) {
        throw new AppError('NOT_FOUND', COMMON_MESSAGES.routeNotFound);
      }
      reply.header('cache-control', 'no-store');
      const rows = await listOutbox({ database: app.services.database, to: request.query.to, limit: request.query.limit });
      return { msg: COMMON_MESSAGES.ok, data: rows };
    },
  });
});
