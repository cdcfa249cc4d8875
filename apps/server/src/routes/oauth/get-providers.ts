import { ZApiEnvelope, ZOAuthProviders } from '@nj/contracts';
import { enabledOAuthProviders } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * GET /api/v1/oauth/providers — the social providers that are configured, in button order
 * (`{ msg: 'OK', data: { providers: ['google', 'facebook'] } }`). The login modal shows only these buttons.
 */
export default defineRoute((app) => {
  app.get('/api/v1/oauth/providers', {
    schema: {
      tags: ['cuenta'],
      summary: 'Proveedores de inicio de sesión social disponibles',
      response: { 200: ZApiEnvelope(ZOAuthProviders) },
    },
    preValidation: can('account', 'authenticate'),
    handler: async () => ({ msg: 'OK', data: { providers: enabledOAuthProviders(app.services.config.oauth) } }),
  });
});
