import { BUREAU_CONSENT_MESSAGES as M, ZApiEnvelope, ZBureauConsent, ZBureauPinBody } from '@nj/contracts';
import { confirmBureauPin, getBureauConsent, sendBureauPin } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * The renter's authorization of the credit bureau query with a NIP (spec 03 §7 "Identity, credit and documents";
 * issue 12 'Investigation'; decision 020), for the signed-in client about themselves:
 * - POST /api/v1/client/multiburopinresend — sends a new 6-digit NIP (WhatsApp to the verified phone, otherwise
 *   e-mail); the spec sends a multipart form, of which nothing is needed: any JSON body or none is taken. 429 'Espera N
 *   segundos…' within 30 s of the last, or past the hourly limit.
 * - POST /api/v1/client/multiburopin `{ pin }` — signs the authorization: 'Autorizaste la consulta…' and ZBureauConsent
 *   (valid 30 days); 400 `{ pin }` for a wrong, expired or spent NIP.
 * - GET /api/v1/client/multiburopin — the current authorization and whether a NIP waits.
 * POST /api/v1/rents/creditinvestigation answers 409 without a valid authorization.
 */
export default defineRoute((app) => {
  const deps = () => ({
    database: app.services.database, messaging: app.services.messaging, limiter: app.services.limiter,
    publicUrl: app.services.config.publicUrl, textProvider: app.services.textProvider,
  });

  app.post('/api/v1/client/multiburopinresend', {
    schema: { tags: ['identidad'], summary: 'Enviarme el NIP para autorizar la consulta de buró', response: { 200: ZApiEnvelope(ZBureauConsent) } },
    preValidation: can('bureau_consent', 'manage_own'),
    handler: async (request) => {
      const data = await sendBureauPin(deps(), { actor: request.actor });
      return { msg: data.pin_sent_to?.startsWith('•') ? M.pinSentPhone(data.pin_sent_to) : M.pinSentEmail(data.pin_sent_to ?? ''), data };
    },
  });

  app.post('/api/v1/client/multiburopin', {
    schema: { tags: ['identidad'], summary: 'Autorizar la consulta de buró con el NIP', body: ZBureauPinBody, response: { 200: ZApiEnvelope(ZBureauConsent) } },
    preValidation: can('bureau_consent', 'manage_own'),
    handler: async (request) => ({ msg: M.authorized, data: await confirmBureauPin(app.services.database, { actor: request.actor, pin: request.body.pin }) }),
  });

  app.get('/api/v1/client/multiburopin', {
    schema: { tags: ['identidad'], summary: 'Mi autorización de consulta de buró', response: { 200: ZApiEnvelope(ZBureauConsent) } },
    preValidation: can('bureau_consent', 'manage_own'),
    handler: async (request) => ({ msg: M.ok, data: await getBureauConsent(app.services.database, { actor: request.actor }) }),
  });
});
