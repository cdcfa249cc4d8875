import { SITE_MESSAGES, ZApiEnvelope, ZDomainInfoBody, ZSite } from '@nj/contracts';
import { registeredCuidOf } from '@nj/core';
import { getDomainInfo } from '@nj/core/sites/get-domain-info';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * POST /api/domain/info `{ domain }` — the branded site (association or agency) of a host name (spec 01 §7; spec 03
 * §2 'Branded sites'; issue 15; decision 030). Public (catalogue read: anyone). Answers `{ msg, data: ZSite }`; 404
 * SITE_MESSAGES.notFound for a domain no site has; 400 for a malformed domain; 429 past 60 look-ups a minute per
 * caller (the signed-in client's cuid, else the socket address).
 */
export default defineRoute((app) => {
  app.post('/api/domain/info', {
    schema: {
      tags: ['sitios'],
      summary: 'Sitio (asociación o agencia) de un dominio',
      body: ZDomainInfoBody,
      response: { 200: ZApiEnvelope(ZSite) },
    },
    preValidation: can('catalogue', 'read'),
    handler: async (request) => {
      const cuid = registeredCuidOf(await request.getActor());
      const site = await getDomainInfo(
        { database: app.services.database, limiter: app.services.limiter },
        { domain: request.body.domain, callerKey: cuid ?? request.clientKey, cuid: cuid ?? null },
      );
      return { msg: SITE_MESSAGES.found, data: site };
    },
  });
});
