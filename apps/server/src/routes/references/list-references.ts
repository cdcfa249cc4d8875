import { z } from 'zod';
import { ZApiEnvelope, ZReference } from '@nj/contracts';
import { listReferences } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * GET /api/v1/client/references — the signed-in client's personal references (spec 02 §7), each with is_confirmed
 * and when a reminder is next allowed. Only the session's own. 401 for a visitor or anonymous client.
 */
export default defineRoute((app) => {
  app.get('/api/v1/client/references', {
    schema: {
      tags: ['referencias'],
      summary: 'Mis referencias personales',
      response: { 200: ZApiEnvelope(z.array(ZReference)) },
    },
    preValidation: can('reference', 'manage_own'),
    handler: async (request) => {
      return { msg: 'OK', data: await listReferences({ database: app.services.database, actor: request.actor }) };
    },
  });
});
