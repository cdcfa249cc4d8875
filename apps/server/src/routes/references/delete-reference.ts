import { z } from 'zod';
import { REFERENCES_MESSAGES, ZApiEnvelope, ZReference, ZReferencePhoneQuery } from '@nj/contracts';
import { deleteReference } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * DELETE /api/v1/client/references?phone_number — deletes one of the signed-in client's references (spec 02 §7).
 * Answers the remaining references; 404 'Error al encontrar la referencia' when the client has none with that
 * phone (another client's reference is never touched); 401 for a visitor or anonymous client.
 */
export default defineRoute((app) => {
  app.delete('/api/v1/client/references', {
    schema: {
      tags: ['referencias'],
      summary: 'Eliminar una referencia personal',
      querystring: ZReferencePhoneQuery,
      response: { 200: ZApiEnvelope(z.array(ZReference)) },
    },
    preValidation: can('reference', 'manage_own'),
    handler: async (request) => {
      const data = await deleteReference({ database: app.services.database, actor: request.actor, phoneNumber: request.query.phone_number });
      return { msg: REFERENCES_MESSAGES.deleted, data };
    },
  });
});
