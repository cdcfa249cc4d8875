import { OFFER_MESSAGES, RENTS_API_MESSAGES, ZApiEnvelope, ZChoosePlanBody, ZConfigureOfferBody, ZOfferOverview, ZOfferOverviewQuery, ZRuidParams, ZSendOfferBody, ZStartOfferBody, ZDecideOfferBody, ZOfferReview, ZOfferReviewQuery } from '@nj/contracts';
import { chooseOfferPlan, configureOffer, decideOffer, getOfferOverview, getOfferReview, sendOffer, startOffer } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * The tenant's proposal (issue 12 'The proposal'; spec 03 §7 'Rent process'), for the two parties of a rent (404 for
 * anyone else, 401 for visitors); every call answers the proposal's overview (ZOfferOverview):
 * - POST /api/v1/rents/offer `{ ruid }` — the renter starts it (client_offer_in_process).
 * - PUT /api/v1/rents/{ruid} `{ key, value }` | `{ batch: [{ key, value }] }` — the renter changes its terms (price,
 *   maintenance_fee, warranty_deposit, rent_type, first_day, last_day): 'Campo actualizado con éxito'; 400 with
 *   `fields` for refused values (nothing written); 409 outside client_offer_in_process.
 * - PUT /api/v1/rents/{ruid}/plan `{ plan: 'basic' | 'neo' }`.
 * - GET /api/v1/rents/offer/overview?ruid — the renter always, the owner once it is sent (403 before).
 * - POST /api/v1/rents/send `{ ruid, data_declared_true, terms_accepted }` — 'Solicitud enviada con éxito'
 *   (on_offer); 400 with the spec's checkbox messages or the missing terms.
 * - GET /api/v1/rents/review?ruid — the 'Solicitud de renta' (ZOfferReview): proposal, renter's public profile,
 *   investigation (null until it runs); the owner once sent, the renter always.
 * - POST /api/v1/rents/review `{ ruid, decision: 'accept' | 'reject', reason? }` — the owner accepts
 *   (on_accepted_offer) or rejects with a reason over 26 characters (owner_discard); 409 unless on_offer.
 */
export default defineRoute((app) => {
  app.post('/api/v1/rents/offer', {
    schema: { tags: ['rentas'], summary: 'Iniciar una propuesta de renta', body: ZStartOfferBody, response: { 200: ZApiEnvelope(ZOfferOverview) } },
    preValidation: can('rent', 'act'),
    handler: async (request) => {
      const { database, chatEvents } = app.services;
      return { msg: OFFER_MESSAGES.started, data: await startOffer({ database, events: chatEvents }, { actor: request.actor, ruid: request.body.ruid }) };
    },
  });

  app.get('/api/v1/rents/offer/overview', {
    schema: { tags: ['rentas'], summary: 'La propuesta de renta', querystring: ZOfferOverviewQuery, response: { 200: ZApiEnvelope(ZOfferOverview) } },
    preValidation: can('rent', 'read'),
    handler: async (request) => ({ msg: RENTS_API_MESSAGES.ok, data: await getOfferOverview(app.services.database, { actor: request.actor, ruid: request.query.ruid }) }),
  });

  app.put('/api/v1/rents/:ruid', {
    schema: { tags: ['rentas'], summary: 'Cambiar los términos de la propuesta', params: ZRuidParams, body: ZConfigureOfferBody, response: { 200: ZApiEnvelope(ZOfferOverview) } },
    preValidation: can('rent', 'act'),
    handler: async (request) => {
      const changes = 'batch' in request.body ? request.body.batch : [request.body];
      const data = await configureOffer(app.services.database, { actor: request.actor, ruid: request.params.ruid, changes });
      return { msg: OFFER_MESSAGES.fieldUpdated, data };
    },
  });

  app.put('/api/v1/rents/:ruid/plan', {
    schema: { tags: ['rentas'], summary: 'Elegir el plan de la renta', params: ZRuidParams, body: ZChoosePlanBody, response: { 200: ZApiEnvelope(ZOfferOverview) } },
    preValidation: can('rent', 'act'),
    handler: async (request) => ({
      msg: OFFER_MESSAGES.planChosen,
      data: await chooseOfferPlan(app.services.database, { actor: request.actor, ruid: request.params.ruid, plan: request.body.plan }),
    }),
  });

  app.post('/api/v1/rents/send', {
    schema: { tags: ['rentas'], summary: 'Enviar la propuesta al propietario', body: ZSendOfferBody, response: { 200: ZApiEnvelope(ZOfferOverview) } },
    preValidation: can('rent', 'act'),
    handler: async (request) => {
      const { database, chatEvents } = app.services;
      const data = await sendOffer({ database, events: chatEvents }, {
        actor: request.actor, ruid: request.body.ruid, dataDeclaredTrue: request.body.data_declared_true, termsAccepted: request.body.terms_accepted,
      });
      return { msg: OFFER_MESSAGES.sent, data };
    },
  });

  app.get('/api/v1/rents/review', {
    schema: { tags: ['rentas'], summary: 'La solicitud de renta', querystring: ZOfferReviewQuery, response: { 200: ZApiEnvelope(ZOfferReview) } },
    preValidation: can('rent', 'read'),
    handler: async (request) => ({ msg: RENTS_API_MESSAGES.ok, data: await getOfferReview(app.services.database, { actor: request.actor, ruid: request.query.ruid }) }),
  });

  app.post('/api/v1/rents/review', {
    schema: { tags: ['rentas'], summary: 'Aceptar o rechazar la propuesta', body: ZDecideOfferBody, response: { 200: ZApiEnvelope(ZOfferOverview) } },
    preValidation: can('rent', 'act'),
    handler: async (request) => {
      const { database, chatEvents } = app.services;
      const data = await decideOffer({ database, events: chatEvents }, { actor: request.actor, ruid: request.body.ruid, decision: request.body.decision, reason: request.body.reason });
      return { msg: request.body.decision === 'accept' ? OFFER_MESSAGES.accepted : OFFER_MESSAGES.rejected, data };
    },
  });
});
