import { z } from 'zod';
import { ACCOUNT_MESSAGES as M, RESEND_AFTER_SECONDS, ZApiEnvelope, ZLoginResult, ZSignupBody, ZSignupPinSent } from '@nj/contracts';
import { AppError, signUp } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { accountDeps, signInReply } from './session-cookie.ts';
import { can } from '../../plugins/actor.ts';

/**
 * POST /api/v1/signup — create an account (spec 02 §2 modal 2; the spec leaves the path open). Body: client (the
 * session's anonymous cuid), email, nickname, password, pin (optional, uppercased). Without pin: e-mails a PIN and
 * answers `{ pin_required: true, email, resend_after: 30 }`. With the right pin: the anonymous client becomes the
 * account (same cuid), a new session cookie is set, and the answer is the login result `{ is_new: false, client,
 * settings }`.
 */
export default defineRoute((app) => {
  app.post('/api/v1/signup', {
    schema: {
      tags: ['cuentas'],
      summary: 'Crear cuenta con PIN por correo',
      body: ZSignupBody,
      response: { 200: ZApiEnvelope(z.union([ZSignupPinSent, ZLoginResult])) },
    },
    preValidation: can('account', 'authenticate'),
    handler: async (request, reply) => {
      const body = request.body;
      const session = await request.ensureClient();
      if (!session.isAnonymous) throw new AppError('CONFLICT', M.alreadyRegistered);
      if (body.client && body.client !== session.cuid) throw new AppError('FORBIDDEN', M.clientMismatch);
      const result = await signUp(accountDeps(app), {
        sessionCuid: session.cuid, email: body.email, nickname: body.nickname, password: body.password, pin: body.pin, ip: request.clientKey,
      });
      if (result.kind === 'pin_sent') {
        return { msg: M.pinSent, data: { pin_required: true as const, email: result.email, resend_after: RESEND_AFTER_SECONDS } };
      }
      const view = await signInReply(app, request, reply, result.cuid);
      return { msg: M.accountCreated, data: { is_new: false, client: view.client, settings: view.settings } };
    },
  });
});
