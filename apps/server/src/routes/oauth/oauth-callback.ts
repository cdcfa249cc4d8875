import { ZApiError, ZOAuthCallbackQuery, ZOAuthProviderParams } from '@nj/contracts';
import { decodeOAuthFlow, finishOAuthLogin, OAuthCallbackError, requireOAuthProvider } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { clearFlowCookie, OAUTH_FLOW_COOKIE, oauthRedirectUri } from './oauth-cookies.ts';
import { setSessionCookie } from '../../plugins/session.ts';
import { setDeviceCookie } from '../accounts/device-cookie.ts';
import { can } from '../../plugins/actor.ts';
import { grantSupportByEmail } from '@nj/core/accounts/grant-support-by-email';

/** The return page with `oauth_error=<code>` added (the page shows OAUTH_ERROR_CODES[code]). */
function withError(returnTo: string, code: string): string {
  const url = new URL(returnTo, 'http://local.invalid');
  url.searchParams.set('oauth_error', code);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * GET /api/v1/oauth/{provider}/callback?code&state — the provider's redirect back. Checks the state against the
 * flow cookie, exchanges the code with the PKCE verifier, validates the ID token, signs in (a new session cookie)
 * and redirects (302) to the page the person came from. When sign-in does not finish it redirects there with
 * `?oauth_error=state|denied|email|failed` and no session change. Unconfigured provider: 404 JSON.
 */
export default defineRoute((app) => {
  app.get('/api/v1/oauth/:provider/callback', {
    schema: {
      tags: ['cuenta'],
      summary: 'Regreso del proveedor de inicio de sesión social',
      params: ZOAuthProviderParams,
      querystring: ZOAuthCallbackQuery,
      response: { 404: ZApiError },
    },
    preValidation: can('account', 'authenticate'),
    handler: async (request, reply) => {
      const { config, database } = app.services;
      const { provider } = request.params;
      requireOAuthProvider(config.oauth, provider);
      const flow = decodeOAuthFlow(request.cookies[OAUTH_FLOW_COOKIE]);
      clearFlowCookie(reply, config.isProduction);
      reply.header('cache-control', 'no-store');
      try {
        const { signIn, returnTo } = await finishOAuthLogin({
          database, config: config.oauth, provider, redirectUri: oauthRedirectUri(config.publicUrl, provider),
          query: request.query, flow, current: await request.getSession(),
        });
        setSessionCookie(reply, signIn.token, config.isProduction);
        await setDeviceCookie(app, reply, signIn.cuid);
        // Issue 14: a verified address named by SUPPORT_EMAILS signs in as a support user.
        await grantSupportByEmail(app.services.database, app.services.config.supportEmails, signIn.cuid);
        return reply.redirect(returnTo, 302);
      } catch (error) {
        if (!(error instanceof OAuthCallbackError)) throw error;
        request.log.warn({ provider, reason: error.code }, 'oauth callback refused');
        return reply.redirect(withError(error.returnTo, error.code), 302);
      }
    },
  });
});
