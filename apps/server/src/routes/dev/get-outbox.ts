import { z } from 'zod';
import { COMMON_MESSAGES, ZApiEnvelope, ZOutboxMessage, ZOutboxQuery } from '@nj/contracts';
import { AppError, listOutbox } from '@nj/core';
import { defineRoute } from '../define-route.ts';

/**
 * GET /api/dev/outbox?to=&limit= — e-mails and SMS/WhatsApp messages kept instead of sent, newest first (to,
 * subject or channel, text, links, codes), so developers and end-to-end tests read PINs and codes. Outside
 * production only: 404 in production.
 */
export default defineRoute((app) => {
  app.get('/api/dev/outbox', {
    schema: {
      tags: ['desarrollo'],
      summary: 'Correos y mensajes guardados (solo desarrollo)',
      querystring: ZOutboxQuery,
      response: { 200: ZApiEnvelope(z.array(ZOutboxMessage)) },
    },
    handler: async (request) => {
      if (app.services.config.isProduction) throw new AppError('NOT_FOUND', COMMON_MESSAGES.routeNotFound);
      const rows = await listOutbox({ database: app.services.database, to: request.query.to, limit: request.query.limit });
      return { msg: COMMON_MESSAGES.ok, data: rows };
    },
  });
});
