import { REFERENCES_MESSAGES, ZApiEnvelope, ZReference, ZReferencePhoneQuery } from '@nj/contracts';
import { remindReference } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { referenceMessenger } from './messenger.ts';
import { can } from '../../plugins/actor.ts';

/**
 * POST /api/v1/client/references/remind?phone_number — sends an unconfirmed reference of the signed-in client a new
 * confirmation link (spec 02 §4 "Reference"; the spec does not show this path). Answers 'Se ha mandado un
 * recordatorio a la referencia'; 429 once a day per reference or past the client's daily limit; 404 unknown
 * reference; 400 already confirmed; 401 for a visitor or anonymous client.
 */
export default defineRoute((app) => {
  app.post('/api/v1/client/references/remind', {
    schema: {
      tags: ['referencias'],
      summary: 'Recordar a una referencia',
      querystring: ZReferencePhoneQuery,
      response: { 200: ZApiEnvelope(ZReference) },
    },
    preValidation: can('reference', 'manage_own'),
    handler: async (request) => {
      const data = await remindReference({
        database: app.services.database, actor: request.actor, phoneNumber: request.query.phone_number, messenger: referenceMessenger(app),
      });
      return { msg: REFERENCES_MESSAGES.reminded, data };
    },
  });
});
