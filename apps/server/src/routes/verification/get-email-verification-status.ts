import { COMMON_MESSAGES, VERIFICATION_MESSAGES as M, ZApiEnvelope, ZEmailVerificationData } from '@nj/contracts';
import { getEmailVerificationStatus } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * GET /api/v1/client/is_email_verified — polled by the browser every 5 s while the e-mail step is open (spec 02
 * §4, §7). Answers `{ is_email_verified, resend_in_s }` for the signed-in client ('Tu correo ha sido verificado'
 * once verified). 401 for a visitor or an anonymous client.
 */
export default defineRoute((app) => {
  app.get('/api/v1/client/is_email_verified', {
    schema: {
      tags: ['verificación'],
      summary: 'Saber si mi correo ya está verificado',
      response: { 200: ZApiEnvelope(ZEmailVerificationData) },
    },
    preValidation: can('client', 'verify_contact'),
    handler: async (request) => {
      const data = await getEmailVerificationStatus({ database: app.services.database, actor: request.actor });
      return { msg: data.is_email_verified ? M.emailVerified : COMMON_MESSAGES.ok, data };
    },
  });
});
