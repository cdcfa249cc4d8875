import { ZApiError, ZOAuthProviderParams, ZOAuthStartQuery } from '@nj/contracts';
import { encodeOAuthFlow, startOAuthLogin } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { oauthRedirectUri, setFlowCookie } from './oauth-cookies.ts';
import { can } from '../../plugins/actor.ts';

/**
 * GET /api/v1/oauth/{provider}/start?return_to=/path — begins the authorization-code flow with PKCE: keeps state,
 * verifier, nonce and the return page in an httpOnly cookie and redirects (302) to the provider. An unconfigured
 * or unknown provider answers 404 'Este método de inicio de sesión no está disponible'.
 */
export default defineRoute((app) => {
  app.get('/api/v1/oauth/:provider/start', {
    schema: {
      tags: ['cuenta'],
      summary: 'Inicia sesión con Google o Facebook (redirige al proveedor)',
      params: ZOAuthProviderParams,
      querystring: ZOAuthStartQuery,
      response: { 404: ZApiError },
    },
    preValidation: can('account', 'authenticate'),
    handler: async (request, reply) => {
      const { config } = app.services;
      const { provider } = request.params;
      const { url, flow } = await startOAuthLogin({
        config: config.oauth, provider, redirectUri: oauthRedirectUri(config.publicUrl, provider), returnTo: request.query.return_to,
      });
      setFlowCookie(reply, encodeOAuthFlow(flow), config.isProduction);
      reply.header('cache-control', 'no-store');
      return reply.redirect(url, 302);
    },
  });
});
