import { IDENTITY_CHECK_MESSAGES, ZApiEnvelope, ZIdentityProcesses, ZIdentityProcessesQuery, ZStartIdentityBody } from '@nj/contracts';
import { listIdentityProcesses, resendIdentityCheck, startIdentityCheck } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * The client's identity validation (issue 12 'Identity'; spec 03 §7 "Identity, credit and documents", status rule
 * §4, limit §8/§9), through services.identityCheck (Didit or the sandbox, decision 011):
 * - POST /api/v1/client/identity — the INE's numbers (ZStartIdentityBody); checks them with the provider, records
 *   the attempt and answers the attempts and derived status; 400 (Spanish) on bad data, nothing recorded; 409 when
 *   already verified or one is in process; 429 'Ya has tenido muchos intentos…' after 5 failures, or 'Hiciste demasiados intentos…' past 10 provider
 *   calls an hour (starts and resends); 503 provider down.
 * - GET /api/v1/client/identity/resend — re-asks the provider about the attempt in process; 409 when none is.
 *   (The spec's `token` query is not needed: the session names the client.)
 * - GET /api/v1/client/identity/processes — the client's attempts, newest first, and the derived status; support
 *   may name another client with `?cuid=` (404 for anyone else naming one).
 * All three for a signed-in client and only about their own attempts (401 otherwise).
 */
export default defineRoute((app) => {
  const deps = () => ({ database: app.services.database, identityCheck: app.services.identityCheck, dataKey: app.services.config.dataKey, limiter: app.services.limiter });

  app.post('/api/v1/client/identity', {
    schema: { tags: ['identidad'], summary: 'Validar mi INE', body: ZStartIdentityBody, response: { 200: ZApiEnvelope(ZIdentityProcesses) } },
    preValidation: can('identity_process', 'manage_own'),
    handler: async (request) => {
      const b = request.body;
      const card = { cic: b.cic, citizenId: b.citizen_id, ocr: b.ocr, voterKey: b.voter_key, emissionNumber: b.emission_number, firstName: b.first_name, lastName: b.last_name, birthdate: b.birthdate };
      return { msg: IDENTITY_CHECK_MESSAGES.started, data: await startIdentityCheck(deps(), { actor: request.actor, card }) };
    },
  });

  app.get('/api/v1/client/identity/resend', {
    schema: { tags: ['identidad'], summary: 'Consultar de nuevo mi validación de INE', response: { 200: ZApiEnvelope(ZIdentityProcesses) } },
    preValidation: can('identity_process', 'manage_own'),
    handler: async (request) => ({ msg: IDENTITY_CHECK_MESSAGES.resent, data: await resendIdentityCheck(deps(), { actor: request.actor }) }),
  });

  app.get('/api/v1/client/identity/processes', {
    schema: { tags: ['identidad'], summary: 'Mis validaciones de identidad', querystring: ZIdentityProcessesQuery, response: { 200: ZApiEnvelope(ZIdentityProcesses) } },
    preValidation: can('identity_process', 'manage_own'),
    handler: async (request) => ({ msg: IDENTITY_CHECK_MESSAGES.ok, data: await listIdentityProcesses({ database: app.services.database }, { actor: request.actor, cuid: request.query.cuid }) }),
  });
});
