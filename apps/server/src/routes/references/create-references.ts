import { z } from 'zod';
import { REFERENCES_MESSAGES, ZApiEnvelope, ZCreateReferencesBody, ZReference } from '@nj/contracts';
import { createReferences } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { referenceMessenger } from './messenger.ts';
import { can } from '../../plugins/actor.ts';

/**
 * POST /api/v1/client/references — body `{ name, phone_number, reftype }` or an array of them (spec 02 §7, §5):
 * saves the rows of the form (modal 10) and sends each new reference its confirmation link by WhatsApp. At most
 * 6 friends or family and 1 work reference. Answers 'Referencias guardadas con éxito' with all the client's
 * references; 400 with the spec's wording for a bad row; 401 for a visitor or anonymous client.
 */
export default defineRoute((app) => {
  app.post('/api/v1/client/references', {
    schema: {
      tags: ['referencias'],
      summary: 'Guardar referencias personales',
      body: ZCreateReferencesBody,
      response: { 200: ZApiEnvelope(z.array(ZReference)) },
    },
    preValidation: can('reference', 'manage_own'),
    handler: async (request) => {
      const data = await createReferences({
        database: app.services.database, actor: request.actor, rows: request.body, messenger: referenceMessenger(app),
        log: (message, error) => request.log.warn({ err: error }, message),
      });
      return { msg: REFERENCES_MESSAGES.saved, data };
    },
  });
});
