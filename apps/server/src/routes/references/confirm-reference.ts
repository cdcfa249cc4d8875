import { REFERENCES_MESSAGES, ZApiEnvelope, ZReferenceConfirmation, ZReferenceTokenQuery } from '@nj/contracts';
import { confirmReference } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * POST /api/v1/client/reference/confirm?token — the reference person accepts ('Acepto'; spec 02 §2 modal 8, §7).
 * No account needed. Answers 'Todo listo!'; 403 'No puedes confirmar tu propia referencia' when the caller's session
 * is the owner's; 404 for a bad or expired token.
 */
export default defineRoute((app) => {
  app.post('/api/v1/client/reference/confirm', {
    schema: {
      tags: ['referencias'],
      summary: 'Aceptar ser referencia personal',
      querystring: ZReferenceTokenQuery,
      response: { 200: ZApiEnvelope(ZReferenceConfirmation) },
    },
    preValidation: can('reference', 'confirm'),
    handler: async (request) => {
      const data = await confirmReference({ database: app.services.database, token: request.query.token, actor: await request.getActor() });
      return { msg: REFERENCES_MESSAGES.done, data };
    },
  });
});
