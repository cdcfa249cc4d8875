import { RENTS_API_MESSAGES, ZApiEnvelope, ZContactListingBody, ZContactResult, ZDiscardRentBody, ZListRentsQuery, ZRentIdParams, ZRentList, ZRentSummary, ZRuidParams } from '@nj/contracts';
import { blockRent, contactListing, discardRent, getRent, listRents, messageToWire } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * The rent calls of issue 11 (spec 03 §7 'Rent process'), all for signed-in clients (401 otherwise):
 * - POST /api/v1/rents `{ puid, text, client_message_id? }` — contact a listing (contactListing): creates or reopens
 *   the rent at hello; 403 own listing or no advertiser account, 404 inactive listing.
 * - GET /api/v1/rents?t&only_active&puid&page — my rents as renter (t=renter), owner (t=owner) or both, newest first;
 *   `puid`: only the people who contacted that listing of mine (400 with t=renter, 404 unknown listing, 403 when the
 *   listing is someone else's: listingPolicy 'interested').
 * - GET /api/v1/client/rents?page — my contacted properties (as renter).
 * - GET /api/v1/rents/{id} — one rent; 404 unless I am one of its parties.
 * - POST /api/v1/rents/{ruid}/discard `{ reason }` — 400 'El mensaje es demasiado corto' (26 characters or fewer),
 *   404 for others, 409 when the step does not allow it.
 * - POST /api/v1/rents/{ruid}/block, /unblock — either party blocks the conversation (messages, visits and contacting
 *   again refused until unblocked); only the one who blocked unblocks (409 otherwise); 404 for others.
 */
export default defineRoute((app) => {
  app.post('/api/v1/rents', {
    schema: { tags: ['rentas'], summary: 'Contactar al anunciante de una propiedad', body: ZContactListingBody, response: { 200: ZApiEnvelope(ZContactResult) } },
    preValidation: can('rent', 'contact'),
    handler: async (request) => {
      const { database, limiter, chatEvents } = app.services;
      const result = await contactListing({ database, limiter, events: chatEvents }, {
        actor: request.actor, puid: request.body.puid, text: request.body.text, clientMessageId: request.body.client_message_id,
      });
      return { msg: RENTS_API_MESSAGES.contacted, data: { ruid: result.rent.ruid, step: result.rent.step, created: result.created, message: messageToWire(result.message) } };
    },
  });

  app.get('/api/v1/rents', {
    schema: { tags: ['rentas'], summary: 'Mis procesos de renta', querystring: ZListRentsQuery, response: { 200: ZApiEnvelope(ZRentList) } },
    preValidation: can('rent', 'list'),
    handler: async (request) => {
      const data = await listRents(app.services.database, { actor: request.actor, side: request.query.t ?? 'any', onlyActive: request.query.only_active, puid: request.query.puid, page: request.query.page });
      return { msg: RENTS_API_MESSAGES.ok, data };
    },
  });

  app.get('/api/v1/client/rents', {
    schema: { tags: ['rentas'], summary: 'Propiedades contactadas', querystring: ZListRentsQuery.pick({ page: true }), response: { 200: ZApiEnvelope(ZRentList) } },
    preValidation: can('rent', 'list'),
    handler: async (request) => {
      const data = await listRents(app.services.database, { actor: request.actor, side: 'renter', page: request.query.page });
      return { msg: RENTS_API_MESSAGES.ok, data };
    },
  });

  app.get('/api/v1/rents/:id', {
    schema: { tags: ['rentas'], summary: 'Un proceso de renta', params: ZRentIdParams, response: { 200: ZApiEnvelope(ZRentSummary) } },
    preValidation: can('rent', 'read'),
    handler: async (request) => ({ msg: RENTS_API_MESSAGES.ok, data: await getRent(app.services.database, { actor: request.actor, ruid: request.params.id }) }),
  });

  app.post('/api/v1/rents/:ruid/discard', {
    schema: { tags: ['rentas'], summary: 'Descartar un proceso de renta', params: ZRuidParams, body: ZDiscardRentBody, response: { 200: ZApiEnvelope(ZRentSummary) } },
    preValidation: can('rent', 'act'),
    handler: async (request) => {
      const { database, chatEvents } = app.services;
      await discardRent({ database, events: chatEvents }, { actor: request.actor, ruid: request.params.ruid, reason: request.body.reason });
      return { msg: RENTS_API_MESSAGES.discarded, data: await getRent(database, { actor: request.actor, ruid: request.params.ruid }) };
    },
  });

  for (const [verb, blocked] of [['block', true], ['unblock', false]] as const) {
    app.post(`/api/v1/rents/:ruid/${verb}`, {
      schema: { tags: ['rentas'], summary: blocked ? 'Bloquear una conversación' : 'Desbloquear una conversación', params: ZRuidParams, response: { 200: ZApiEnvelope(ZRentSummary) } },
      preValidation: can('rent', 'act'),
      handler: async (request) => {
        const { database, chatEvents } = app.services;
        await blockRent({ database, events: chatEvents }, { actor: request.actor, ruid: request.params.ruid, blocked });
        return { msg: blocked ? RENTS_API_MESSAGES.blocked : RENTS_API_MESSAGES.unblocked, data: await getRent(database, { actor: request.actor, ruid: request.params.ruid }) };
      },
    });
  }
});
