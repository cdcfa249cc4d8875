import { ZApiEnvelope, ZUnsubscribeBody, ZUnsubscribePostQuery, ZUnsubscribeQuery, ZUnsubscribeResult } from '@nj/contracts';
import { readChatUnsubscribe, unsubscribeChatNotifications } from '@nj/core/rents/unsubscribe-chat-notifications';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { defineRoute, type ZodApp } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * The unsubscribe link of the chat's notifications (issue 11 'Offline notification'): every notification e-mail links
 * to the page /notificaciones/baja?token=… (web app), which uses these calls. The token (HMAC-signed with the
 * server's secret: notification-token.ts) names one conversation and one recipient.
 * - GET /api/v1/notifications/chat/unsubscribe?token — what the link is about: `{ ruid, title, muted }` and a Spanish
 *   question (or the confirmation when already off). Changes nothing, so mail scanners that open links do not
 *   unsubscribe anyone.
 * - POST /api/v1/notifications/chat/unsubscribe?token (or body `{ token }`) — turns that conversation's notifications
 *   off for that recipient; answers the Spanish confirmation 'Listo: ya no te avisaremos…'. Idempotent.
 * CSRF: the POST is exempt from the session's CSRF token (`config: { csrf: false }`) because the signed token is the
 * credential: a cross-site page cannot forge it, the link works signed out or in another browser, and mail clients
 * may POST it as RFC 8058 one-click (List-Unsubscribe-Post). The only effect is muting notifications for the token's
 * own recipient. 400 'El enlace para dejar de recibir avisos no es válido' for a bad or forged token.
 */
export default defineRoute((app) => {
  const deps = () => ({ database: app.services.database, secret: app.services.config.sessionSecret });

  app.get('/api/v1/notifications/chat/unsubscribe', {
    schema: { tags: ['mensajes'], summary: 'Ver el aviso de una conversación', querystring: ZUnsubscribeQuery, response: { 200: ZApiEnvelope(ZUnsubscribeResult) } },
    preValidation: can('chat_notification', 'unsubscribe'),
    handler: async (request) => {
      const { msg, ...data } = await readChatUnsubscribe(deps(), { actor: request.actor, token: request.query.token });
      return { msg, data };
    },
  });

  const registerPost = (scoped: ZodApp) => scoped.post('/api/v1/notifications/chat/unsubscribe', {
    config: { csrf: false },
    schema: {
      tags: ['mensajes'], summary: 'Dejar de recibir avisos de una conversación',
      querystring: ZUnsubscribePostQuery, body: ZUnsubscribeBody,
      response: { 200: ZApiEnvelope(ZUnsubscribeResult) },
    },
    preValidation: can('chat_notification', 'unsubscribe'),
    handler: async (request) => {
      const token = request.query.token ?? request.body?.token;
      const { msg, ...data } = await unsubscribeChatNotifications(deps(), { actor: request.actor, token });
      return { msg, data };
    },
  });
  // RFC 8058 one-click: the mail client POSTs the form body 'List-Unsubscribe=One-Click' (the token is in the URL);
  // form bodies are read only in this route's scope, up to 1 KiB.
  void app.register(async (scoped) => {
    scoped.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    registerPost(scoped.withTypeProvider<ZodTypeProvider>());
  });
});
