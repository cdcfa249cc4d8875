import { SITE_MESSAGES, ZAgency, ZAgencyAuidParams, ZApiEnvelope } from '@nj/contracts';
import { verifySiteDomain } from '@nj/core/sites/verify-site-domain';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * POST /api/v1/agencies/{auid}/verify-domain — the administrator of an agency or association has us look up the DNS
 * TXT record `_nj-verificacion.<base_domain>`; when it holds `nj-verificacion=<token>` (the token is in ZAgency's
 * `domain_verification`) the domain is verified and serves the branded site (issue 15 hardening; decision 030
 * 'Domain verification'). Answers `{ msg: 'Dominio verificado', data: ZAgency }`; 400 'Primero guarda el dominio…' /
 * 'No encontramos el registro TXT…'; 401/403/404 as the agency's settings.
 */
export default defineRoute((app) => {
  app.post('/api/v1/agencies/:auid/verify-domain', {
    schema: { tags: ['sitios'], summary: 'Verificar el dominio de mi sitio', params: ZAgencyAuidParams, response: { 200: ZApiEnvelope(ZAgency) } },
    preValidation: can('agency', 'manage'),
    handler: async (request) => ({
      msg: SITE_MESSAGES.domainVerified,
      data: await verifySiteDomain({ database: app.services.database }, { actor: request.actor, auid: request.params.auid }),
    }),
  });
});
