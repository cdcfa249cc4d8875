import { RENTS_API_MESSAGES, ZApiEnvelope, ZChatAuth } from '@nj/contracts';
import { issueChatToken } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * GET /api/v1/messages/auth (spec 03 §7 'Chat and appointments'; issue 11): `{ msg, data: { token, expires_at } }`,
 * the token the browser sends with the socket's on_join_room. Bound to the signed-in client and signed with the
 * server's secret (verifyChatToken in packages/core/src/rents/chat-token.ts); good for 5 minutes (expires_at in ms
 * since epoch). 401 for a visitor or an anonymous client (the `rent_message` policy's `list`).
 */
export default defineRoute((app) => {
  app.get('/api/v1/messages/auth', {
    schema: { tags: ['mensajes'], summary: 'Token del chat en tiempo real', response: { 200: ZApiEnvelope(ZChatAuth) } },
    preValidation: can('rent_message', 'list'),
    handler: async (request) => {
      const { token, expiresAt } = issueChatToken({ secret: app.services.config.sessionSecret, cuid: request.actor.cuid! });
      return { msg: RENTS_API_MESSAGES.ok, data: { token, expires_at: expiresAt } };
    },
  });
});
