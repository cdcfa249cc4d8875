import { z } from 'zod';
import { ACCOUNT_MESSAGES as M, RESEND_AFTER_SECONDS, ZApiEnvelope, ZResendPinBody } from '@nj/contracts';
import { AppError, resendSignupPin } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { accountDeps } from './session-cookie.ts';
import { can } from '../../plugins/actor.ts';

/**
 * POST /api/v1/signup/resend-pin — a new sign-up PIN for the address (body: email). 'Se ha enviado un nuevo PIN a tu
 * correo'; refused within 30 s of the previous one (429) and past the per-address limit.
 */
export default defineRoute((app) => {
  app.post('/api/v1/signup/resend-pin', {
    schema: {
      tags: ['cuentas'],
      summary: 'Reenviar el PIN de registro',
      body: ZResendPinBody,
      response: { 200: ZApiEnvelope(z.object({ email: z.string(), resend_after: z.number() })) },
    },
    preValidation: can('account', 'authenticate'),
    handler: async (request) => {
      const session = await request.ensureClient();
      if (!session.isAnonymous) throw new AppError('CONFLICT', M.alreadyRegistered);
      await resendSignupPin(accountDeps(app), { sessionCuid: session.cuid, email: request.body.email, ip: request.clientKey });
      return { msg: M.pinResent, data: { email: request.body.email, resend_after: RESEND_AFTER_SECONDS } };
    },
  });
});
