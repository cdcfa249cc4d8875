import { z } from 'zod';
import { ACCOUNT_MESSAGES as M, ZApiEnvelope, ZUpdatePasswordBody } from '@nj/contracts';
import { resetPassword } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { accountDeps } from './session-cookie.ts';
import { setDeviceCookie } from './device-cookie.ts';
import { can } from '../../plugins/actor.ts';

/**
 * POST /api/v1/auth/update-password (spec 02 §7) — body: token (from the e-mailed link), password. The link works
 * once; all sessions of the account end, the slow-down of an attacked account ends, and this browser becomes a
 * trusted device of the account (it proved the e-mail). 400 'El enlace para cambiar tu contraseña no es válido o ya
 * expiró…', or 'Esta contraseña es muy común…' (the link stays valid).
 */
export default defineRoute((app) => {
  app.post('/api/v1/auth/update-password', {
    schema: {
      tags: ['cuentas'],
      summary: 'Crear una nueva contraseña con el enlace del correo',
      body: ZUpdatePasswordBody,
      response: { 200: ZApiEnvelope(z.null()) },
    },
    preValidation: can('account', 'authenticate'),
    handler: async (request, reply) => {
      const { cuid } = await resetPassword(accountDeps(app), { token: request.body.token, password: request.body.password });
      await setDeviceCookie(app, reply, cuid);
      return { msg: M.passwordUpdated, data: null };
    },
  });
});
