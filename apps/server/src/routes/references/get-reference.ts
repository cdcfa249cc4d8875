import { ZApiEnvelope, ZReferenceConfirmation, ZReferenceTokenQuery } from '@nj/contracts';
import { getReferenceByToken } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * GET /api/v1/client/reference?token — loads the external confirmation (spec 02 §2 modal 8, §7) for the person who
 * received the link; no account needed. Answers uid, nickname, profile_photo_name of the owner, the reference's
 * phone_number and name, is_confirmed; 404 'El enlace no es válido o ya expiró'.
 */
export default defineRoute((app) => {
  app.get('/api/v1/client/reference', {
    schema: {
      tags: ['referencias'],
      summary: 'Cargar la confirmación de una referencia',
      querystring: ZReferenceTokenQuery,
      response: { 200: ZApiEnvelope(ZReferenceConfirmation) },
    },
    preValidation: can('reference', 'confirm'),
    handler: async (request) => ({
      msg: 'OK', data: await getReferenceByToken({ database: app.services.database, token: request.query.token }),
    }),
  });
});
