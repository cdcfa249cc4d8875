import { OAUTH_MESSAGES, ZApiEnvelope, ZApiError, ZLoginResult, ZOAuthLoginBody } from '@nj/contracts';
import { AppError, loginWithAccessToken } from '@nj/core';
import { getClientView } from '@nj/core/accounts/get-client-view';
import { defineRoute } from '../define-route.ts';
import { setSessionCookie } from '../../plugins/session.ts';
import { setDeviceCookie } from '../accounts/device-cookie.ts';
import { can } from '../../plugins/actor.ts';
import { grantSupportByEmail } from '@nj/core/accounts/grant-support-by-email';

/**
 * POST /api/v1/oauth/login (spec 02 §7) — body `{ provider, accessToken, existing_id }`. Verifies the token with
 * the provider, signs in (new session cookie) and answers the login result `{ is_new, client, settings }`.
 * Bad or foreign token: 401 'No pudimos validar tu inicio de sesión, inténtalo de nuevo'; unconfigured provider:
 * 404; provider unreachable: 503 'Error de conexión, ¿tienes buen internet?'.
 */
export default defineRoute((app) => {
  app.post('/api/v1/oauth/login', {
    schema: {
      tags: ['cuenta'],
      summary: 'Inicia sesión con un token de Google o Facebook',
      body: ZOAuthLoginBody,
      response: { 200: ZApiEnvelope(ZLoginResult), 400: ZApiError, 401: ZApiError, 404: ZApiError, 503: ZApiError },
    },
    preValidation: can('account', 'authenticate'),
    handler: async (request, reply) => {
      const { config, database } = app.services;
      const signIn = await loginWithAccessToken({ database, config: config.oauth, body: request.body, current: await request.getSession() });
      setSessionCookie(reply, signIn.token, config.isProduction);
      await setDeviceCookie(app, reply, signIn.cuid);
      // Issue 14: a verified address named by SUPPORT_EMAILS signs in as a support user.
      await grantSupportByEmail(app.services.database, app.services.config.supportEmails, signIn.cuid);
      const view = await getClientView({ database, cuid: signIn.cuid });
      if (!view) throw new AppError('INTERNAL', OAUTH_MESSAGES.loginFailed);
      return { msg: 'OK', data: { is_new: signIn.isNew, client: view.client, settings: view.settings } };
    },
  });
});
