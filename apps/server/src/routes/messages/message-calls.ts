import { APPT_API_MESSAGES, RENTS_API_MESSAGES, ZChatMessage, ZSelectOptionQuery, ZApiEnvelope, ZListChatsQuery, ZListMessagesQuery, ZMessageList, ZRentList, ZRuidParams, ZSeenResult, ZSendMessageBody, ZSendResult } from '@nj/contracts';
import { listMessages, listRents, markSeen, messageToWire, selectOption, sendMessage } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * The chat calls of issue 11 (spec 03 §7 'Chat and appointments'), for signed-in clients (401 otherwise), 404 for
 * anyone but the rent's two parties:
 * - GET /api/v1/messages/chats?page&chat&ur — my conversations, newest activity first, with unread counts, the
 *   listing's photo, price and step; `chat` narrows to one ruid, `ur=true` to those with unread messages.
 * - GET /api/v1/messages/{ruid}?last — the conversation in order (the newest 200), or only what came after `last`.
 * - POST /api/v1/messages/{ruid} `{ text, client_message_id? }` — send (the socket layer's fallback): idempotent on
 *   client_message_id, 409 when the conversation is closed, 429 over the rate limit.
 * - PUT /api/v1/messages/{ruid}/seen — mark what I received as seen.
 * - PUT /api/v1/messages/so?muid&so — choose option `so` of message `muid` (400 'Esa opción no está disponible').
 */
export default defineRoute((app) => {
  app.get('/api/v1/messages/chats', {
    schema: { tags: ['mensajes'], summary: 'Mis conversaciones', querystring: ZListChatsQuery, response: { 200: ZApiEnvelope(ZRentList) } },
    preValidation: can('rent_message', 'list'),
    handler: async (request) => {
      const data = await listRents(app.services.database, {
        actor: request.actor, side: 'any', page: request.query.page, ruid: request.query.chat, unreadOnly: request.query.ur,
      });
      return { msg: RENTS_API_MESSAGES.ok, data };
    },
  });

  app.get('/api/v1/messages/:ruid', {
    schema: { tags: ['mensajes'], summary: 'Mensajes de una conversación', params: ZRuidParams, querystring: ZListMessagesQuery, response: { 200: ZApiEnvelope(ZMessageList) } },
    preValidation: can('rent_message', 'read'),
    handler: async (request) => {
      const { messages } = await listMessages(app.services.database, { actor: request.actor, ruid: request.params.ruid, last: request.query.last });
      return { msg: RENTS_API_MESSAGES.ok, data: { messages: messages.map(messageToWire) } };
    },
  });

  app.post('/api/v1/messages/:ruid', {
    schema: { tags: ['mensajes'], summary: 'Enviar un mensaje', params: ZRuidParams, body: ZSendMessageBody, response: { 200: ZApiEnvelope(ZSendResult) } },
    preValidation: can('rent_message', 'send'),
    handler: async (request) => {
      const { database, limiter, chatEvents } = app.services;
      const result = await sendMessage({ database, limiter, events: chatEvents }, {
        actor: request.actor, ruid: request.params.ruid, text: request.body.text, clientMessageId: request.body.client_message_id,
      });
      return { msg: RENTS_API_MESSAGES.sent, data: { message: messageToWire(result.message), duplicate: result.duplicate } };
    },
  });

  app.put('/api/v1/messages/:ruid/seen', {
    schema: { tags: ['mensajes'], summary: 'Marcar mensajes como leídos', params: ZRuidParams, response: { 200: ZApiEnvelope(ZSeenResult) } },
    preValidation: can('rent_message', 'read'),
    handler: async (request) => ({ msg: RENTS_API_MESSAGES.seen, data: await markSeen(app.services.database, { actor: request.actor, ruid: request.params.ruid, events: app.services.chatEvents }) }),
  });

  app.put('/api/v1/messages/so', {
    schema: { tags: ['mensajes'], summary: 'Elegir una opción de un mensaje', querystring: ZSelectOptionQuery, response: { 200: ZApiEnvelope(ZChatMessage) } },
    preValidation: can('rent_message', 'send'),
    handler: async (request) => {
      const message = await selectOption({ database: app.services.database, events: app.services.chatEvents }, { actor: request.actor, muid: request.query.muid, option: request.query.so });
      return { msg: APPT_API_MESSAGES.optionSelected, data: messageToWire(message) };
    },
  });
});
