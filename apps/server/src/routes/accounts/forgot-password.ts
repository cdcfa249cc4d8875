import { z } from 'zod';
import { ACCOUNT_MESSAGES as M, ZApiEnvelope, ZForgotPasswordQuery } from '@nj/contracts';
import { requestPasswordReset } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { accountDeps } from './session-cookie.ts';
import { can } from '../../plugins/actor.ts';

/**
 * GET /api/v1/auth/forgot-password?email= (spec 02 §7) — e-mails a single-use link valid 1 hour when the address
 * has an account; the same answer either way (the e-mail-sent notice). 429 past the per-IP / per-address limits.
 */
export default defineRoute((app) => {
  app.get('/api/v1/auth/forgot-password', {
    schema: {
      tags: ['cuentas'],
      summary: 'Enviar enlace para cambiar la contraseña',
      querystring: ZForgotPasswordQuery,
      response: { 200: ZApiEnvelope(z.object({ email: z.string() })) },
    },
    preValidation: can('account', 'authenticate'),
    handler: async (request) => {
      await requestPasswordReset(accountDeps(app), { email: request.query.email, ip: request.clientKey });
      return { msg: M.forgotPasswordSent, data: { email: request.query.email } };
    },
  });
});
