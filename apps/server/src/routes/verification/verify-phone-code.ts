import { ZApiEnvelope, ZPhoneAuthBody, ZPhoneVerificationData } from '@nj/contracts';
import { verifyPhoneCode } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { sendPhoneAnswer } from './phone-answer.ts';
import { can } from '../../plugins/actor.ts';

/**
 * POST /api/v1/client/phone_auth `{ code }` — checks the 6-digit code of the signed-in client's pending phone
 * (spec 02 §7). 200 'Código validado con éxito!' (phone verified); 400 'El código no es correcto' with
 * data.attempts_left, or 'El código expiró, solicita uno nuevo'; 403 with data.status 'contact-us' after too many
 * wrong codes. 400 'El código debe tener 6 dígitos' for anything but six digits; 401 for a visitor.
 */
export default defineRoute((app) => {
  app.post('/api/v1/client/phone_auth', {
    schema: {
      tags: ['verificación'],
      summary: 'Verificar el código del teléfono',
      body: ZPhoneAuthBody,
      response: { 200: ZApiEnvelope(ZPhoneVerificationData) },
    },
    preValidation: can('client', 'verify_contact'),
    handler: async (request, reply) => {
      const data = await verifyPhoneCode({ database: app.services.database, actor: request.actor, code: request.body.code });
      return sendPhoneAnswer(reply, data, 'check');
    },
  });
});
