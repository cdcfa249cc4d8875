import { RENTS_API_MESSAGES, ZApiEnvelope, ZChatMessage, ZValidateIdentityParams } from '@nj/contracts';
import { messageToWire, requestIdentityValidation } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * POST /api/v1/messages/{ruid}/validate-identity/{cuid} (spec 03 §7 "Identity, credit and documents"; spec 02 §7 chat
 * calls): a party of the rent asks the other party `cuid` to verify their identity — a message in the conversation
 * with 'Verificar mi identidad' for them, in real time. 'Le pedimos que verifique su identidad' and the message; 404
 * for a stranger or someone not in the rent, 400 for oneself, 409 when already verified or the conversation is
 * blocked or closed, 429 within a day of the last request.
 */
export default defineRoute((app) => {
  app.post('/api/v1/messages/:ruid/validate-identity/:cuid', {
    schema: { tags: ['mensajes'], summary: 'Pedir a la otra parte que verifique su identidad', params: ZValidateIdentityParams, response: { 200: ZApiEnvelope(ZChatMessage) } },
    preValidation: can('rent_message', 'send'),
    handler: async (request) => {
      const { database, chatEvents } = app.services;
      const message = await requestIdentityValidation({ database, events: chatEvents }, { actor: request.actor, ruid: request.params.ruid, cuid: request.params.cuid });
      return { msg: RENTS_API_MESSAGES.identityRequested, data: messageToWire(message) };
    },
  });
});
