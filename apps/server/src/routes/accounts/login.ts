import { ACCOUNT_MESSAGES as M, COMMON_MESSAGES, ZApiEnvelope, ZLoginBody, ZLoginResult } from '@nj/contracts';
import { logIn } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { accountDeps, signInReply } from './session-cookie.ts';
import { deviceTrust } from './device-cookie.ts';
import { can } from '../../plugins/actor.ts';

/**
 * POST /api/v1/login (spec 02 §7) — body: email, password, existing_id. Answers `{ is_new, client, settings }`:
 * is_new true (client and settings null) when the address has no account, so the page opens create-account
 * prefilled. On success a NEW session id is issued and an anonymous session's likes merge into the account.
 * existing_id is not trusted: the merge uses the session's own anonymous client. Limits and the slow-down of an
 * attacked account: `logIn` in core (issue 7 findings 4, 5, 8); every sign-in marks the browser as a trusted
 * device of the account (device-cookie.ts, set by signInReply), which the slow-down never applies to.
 */
export default defineRoute((app) => {
  app.post('/api/v1/login', {
    schema: {
      tags: ['cuentas'],
      summary: 'Iniciar sesión con correo y contraseña',
      body: ZLoginBody,
      response: { 200: ZApiEnvelope(ZLoginResult) },
    },
    preValidation: can('account', 'authenticate'),
    handler: async (request, reply) => {
      const result = await logIn(accountDeps(app), {
        email: request.body.email, password: request.body.password, ip: request.clientKey, isTrustedDevice: deviceTrust(app, request),
      });
      if (result.isNew) return { msg: COMMON_MESSAGES.ok, data: { is_new: true, client: null, settings: null } };
      const view = await signInReply(app, request, reply, result.cuid);
      return { msg: M.loggedIn, data: { is_new: false, client: view.client, settings: view.settings } };
    },
  });
});
