import { z } from 'zod';
import { VERIFICATION_MESSAGES as M, ZApiEnvelope, ZEmailVerificationData } from '@nj/contracts';
import { sendEmailVerification } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { verificationDeps } from './verification-services.ts';
import { requireOwnClient } from './own-client.ts';
import { can } from '../../plugins/actor.ts';

/**
 * GET /api/v1/client/{id}/send-contact-confirmation/email — e-mails the signed-in client a single-use link that
 * verifies the address (spec 02 §7). Resend after 30 s (429 'Espera N segundos para volver a enviar' before).
 * Answers `{ is_email_verified, resend_in_s }`. Only for the client's own id (401 anonymous, 403 another id).
 */
export default defineRoute((app) => {
  app.get('/api/v1/client/:id/send-contact-confirmation/email', {
    schema: {
      tags: ['verificación'],
      summary: 'Enviar el enlace para verificar el correo',
      params: z.object({ id: z.string().min(1).max(100) }),
      response: { 200: ZApiEnvelope(ZEmailVerificationData) },
    },
    preValidation: can('client', 'verify_contact'),
    handler: async (request) => {
      requireOwnClient(request, request.params.id);
      const data = await sendEmailVerification(verificationDeps(app), request.actor);
      return { msg: data.is_email_verified ? M.emailAlreadyVerified : M.emailSent, data };
    },
  });
});
