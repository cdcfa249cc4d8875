import { z } from 'zod';
import { ZApiEnvelope } from '@nj/contracts';
import { ping } from '@nj/db';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * GET /api/v1/health — liveness and database check. Answers `{ msg: 'OK', data: { db: 'pglite'|'postgres' } }`.
 * Also the cheapest way for a client to receive its CSRF cookie.
 */
export default defineRoute((app) => {
  app.get('/api/v1/health', {
    schema: {
      tags: ['sistema'],
      summary: 'Estado del servicio',
      response: { 200: ZApiEnvelope(z.object({ db: z.enum(['pglite', 'postgres']), ok: z.boolean() })) },
    },
    preValidation: can('system', 'health'),
    handler: async () => {
      const { database } = app.services;
      return { msg: 'OK', data: { db: database.kind, ok: await ping(database) } };
    },
  });
});
