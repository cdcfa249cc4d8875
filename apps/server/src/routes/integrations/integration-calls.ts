import type { FastifyRequest } from 'fastify';
import {
  COMMON_MESSAGES, INTEGRATION_MESSAGES as M, ZApiEnvelope, ZConnectIntegrationBody, ZEasyBrokerPullQuery, ZIntegration,
  ZIntegrationsList, ZKwPullQuery, ZPullResult, type IntegrationProvider,
} from '@nj/contracts';
import { AppError } from '@nj/core/errors/app-error';
import { connectIntegration } from '@nj/core/integrations/connect-integration';
import { listIntegrations } from '@nj/core/integrations/list-integrations';
import { pullListings } from '@nj/core/integrations/pull-listings';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';
import { CSRF_COOKIE, CSRF_HEADER, isValidCsrfToken } from '../../plugins/csrf.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';

/**
 * Listing integrations (issue 16; spec 03 §7 'Leads and integrations'; decision 033). Every answer is `{ msg, data }`;
 * refusals are agencyPolicy's (401 visitors and anonymous clients — the browser shows an empty list without a message
 * on that 401, spec 02 §9 —, 403 not an agency's administrator); bad input a Spanish 400 that changes nothing.
 * - GET /api/v1/integrations → ZIntegrationsList (the caller's agency's connections, runs and synced listings).
 * - POST /api/v1/integrations `{ provider: 'easybroker', api_key }` | `{ provider: 'kw', client_id, client_secret }` →
 *   ZIntegration (credentials tried at the provider first: 409 when refused, 503 when unreachable).
 * - GET /api/v1/integrations/easybroker/pull?dryrun&ebid → ZPullResult; GET /api/v1/integrations/kw/pull?dryrun&kwid
 *   likewise (the second provider's calls are not shown in the spec: named in its style). Without dryrun the pull
 *   writes listings, so — GET as the spec names it — it also needs the X-CSRF-TOKEN header a POST would (403
 *   otherwise); a dry run needs none.
 */
export default defineRoute((app) => {
  const deps = () => ({ database: app.services.database, dataKey: app.services.config.dataKey, sources: app.services.listingSources });

  /** A pull that writes: the same CSRF proof the plugin asks of every POST (plugins/csrf.ts). */
  const assertCsrf = (request: FastifyRequest) => {
    const cookie = request.cookies[CSRF_COOKIE];
    const header = request.headers[CSRF_HEADER];
    const given = Array.isArray(header) ? header[0] : header;
    if (!isValidCsrfToken(app.services.config.sessionSecret, cookie, request.cookies[SESSION_COOKIE] ?? '') || !given || given !== cookie) {
      throw new AppError('CSRF', COMMON_MESSAGES.csrf);
    }
  };

  app.get('/api/v1/integrations', {
    schema: { tags: ['integraciones'], summary: 'Integraciones de mi agencia', response: { 200: ZApiEnvelope(ZIntegrationsList) } },
    preValidation: can('agency', 'read_own'),
    handler: async (request) => ({ msg: M.loaded, data: await listIntegrations(app.services.database, { actor: request.actor }) }),
  });

  app.post('/api/v1/integrations', {
    schema: { tags: ['integraciones'], summary: 'Conectar EasyBroker o KW', body: ZConnectIntegrationBody, response: { 200: ZApiEnvelope(ZIntegration) } },
    preValidation: can('agency', 'manage'),
    handler: async (request) => ({ msg: M.connected, data: await connectIntegration(deps(), { actor: request.actor, body: request.body }) }),
  });

  const pull = (provider: IntegrationProvider) => async (request: FastifyRequest, dryRun: boolean, sourceId: string | undefined) => {
    if (!dryRun) assertCsrf(request);
    const data = await pullListings(deps(), { actor: request.actor, provider, dryRun, sourceId });
    return { msg: dryRun ? M.dryRunDone : M.pulled, data };
  };

  app.get('/api/v1/integrations/easybroker/pull', {
    schema: { tags: ['integraciones'], summary: 'Traer (o simular) las propiedades de EasyBroker', querystring: ZEasyBrokerPullQuery, response: { 200: ZApiEnvelope(ZPullResult) } },
    preValidation: can('agency', 'manage'),
    handler: async (request) => pull('easybroker')(request, request.query.dryrun, request.query.ebid),
  });

  app.get('/api/v1/integrations/kw/pull', {
    schema: { tags: ['integraciones'], summary: 'Traer (o simular) las propiedades de KW', querystring: ZKwPullQuery, response: { 200: ZApiEnvelope(ZPullResult) } },
    preValidation: can('agency', 'manage'),
    handler: async (request) => pull('kw')(request, request.query.dryrun, request.query.kwid),
  });
});
