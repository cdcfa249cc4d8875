import { z } from 'zod';
import {
  SAVED_SEARCH_MESSAGES as M, ZApiEnvelope, ZSavedSearch, ZSavedSearchCreate, ZSavedSearchId, ZSavedSearchList,
  ZSavedSearchUnsubscribe, ZSavedSearchUnsubscribed, ZSavedSearchUpdate,
} from '@nj/contracts';
import { saveSearch } from '@nj/core/saved-searches/save-search';
import { listSavedSearches } from '@nj/core/saved-searches/list-saved-searches';
import { updateSavedSearch } from '@nj/core/saved-searches/update-saved-search';
import { deleteSavedSearch } from '@nj/core/saved-searches/delete-saved-search';
import { unsubscribeSavedSearch } from '@nj/core/saved-searches/unsubscribe-saved-search';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { defineRoute, type ZodApp } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * Saved searches and their alerts (issue 17; decision 037). A signed-in client's own searches only (another's answers
 * 404); a visitor or anonymous client gets 401.
 * - POST /api/v1/saved-searches `{ name, query, frequency?, whatsapp? }` — saves the /propiedades query string
 *   (filters, bounds, drawn area) → 201 `{ msg: 'Búsqueda guardada', data: TSavedSearch }`.
 * - GET /api/v1/saved-searches — `{ searches: TSavedSearch[] }` with each one's new listings since the last visit.
 * - PATCH /api/v1/saved-searches/:id `{ name?, frequency?, whatsapp?, visited? }` — rename, change alerts, mark visited.
 * - DELETE /api/v1/saved-searches/:id — deletes it.
 * - POST /api/v1/saved-searches/unsubscribe?token (or body `{ token }`) — the alert e-mail's link: turns that
 *   search's alerts off, no session needed (the HMAC-signed token is the credential, so CSRF is exempt, as for the
 *   chat's unsubscribe; RFC 8058 one-click form posts are accepted). 400 for a bad token.
 */
export default defineRoute((app) => {
  app.post('/api/v1/saved-searches', {
    schema: { tags: ['busquedas'], summary: 'Guardar una búsqueda', body: ZSavedSearchCreate, response: { 201: ZApiEnvelope(ZSavedSearch) } },
    preValidation: can('saved_search', 'create'),
    handler: async (request, reply) => {
      const data = await saveSearch(app.services.database, request.actor, request.body);
      return reply.code(201).send({ msg: M.saved, data });
    },
  });

  app.get('/api/v1/saved-searches', {
    schema: { tags: ['busquedas'], summary: 'Mis búsquedas guardadas', response: { 200: ZApiEnvelope(ZSavedSearchList) } },
    preValidation: can('saved_search', 'list_own'),
    handler: async (request) => ({ msg: 'OK', data: { searches: await listSavedSearches(app.services.database, request.actor) } }),
  });

  app.patch('/api/v1/saved-searches/:id', {
    schema: { tags: ['busquedas'], summary: 'Cambiar una búsqueda guardada', params: ZSavedSearchId, body: ZSavedSearchUpdate, response: { 200: ZApiEnvelope(z.null()) } },
    preValidation: can('saved_search', 'update'),
    handler: async (request) => {
      await updateSavedSearch(app.services.database, request.actor, request.params.id, request.body);
      return { msg: M.updated, data: null };
    },
  });

  app.delete('/api/v1/saved-searches/:id', {
    schema: { tags: ['busquedas'], summary: 'Eliminar una búsqueda guardada', params: ZSavedSearchId, response: { 200: ZApiEnvelope(z.null()) } },
    preValidation: can('saved_search', 'delete'),
    handler: async (request) => {
      await deleteSavedSearch(app.services.database, request.actor, request.params.id);
      return { msg: M.deleted, data: null };
    },
  });

  const registerUnsubscribe = (scoped: ZodApp) => scoped.post('/api/v1/saved-searches/unsubscribe', {
    config: { csrf: false },
    schema: {
      tags: ['busquedas'], summary: 'Dejar de recibir alertas de una búsqueda',
      querystring: z.object({ token: z.string().max(300).optional() }), body: ZSavedSearchUnsubscribe.partial().nullish(),
      response: { 200: ZApiEnvelope(ZSavedSearchUnsubscribed) },
    },
    preValidation: can('saved_search', 'unsubscribe'),
    handler: async (request) => {
      const token = request.query.token ?? request.body?.token;
      const data = await unsubscribeSavedSearch(app.services.database, request.actor, { secret: app.services.config.sessionSecret, token });
      return { msg: M.unsubscribed(data.name), data };
    },
  });
  void app.register(async (scoped) => {
    scoped.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    registerUnsubscribe(scoped.withTypeProvider<ZodTypeProvider>());
  });
});
