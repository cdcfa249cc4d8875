import { COMMON_MESSAGES, ZApiEnvelope, ZOwnerLeadList, ZOwnerLeadsQuery } from '@nj/contracts';
import { listOwnerLeads } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * GET /api/v1/leads?page — the signed-in owner's contact-form messages from people without an account, newest first
 * (issue 11: shown in the owner's conversation list, /chat, tab 'Formulario'); 401 for visitors and anonymous
 * clients; only the actor's own listings' leads.
 */
export default defineRoute((app) => {
  app.get('/api/v1/leads', {
    schema: { tags: ['estadísticas'], summary: 'Mensajes del formulario de contacto de mis propiedades', querystring: ZOwnerLeadsQuery, response: { 200: ZApiEnvelope(ZOwnerLeadList) } },
    preValidation: can('lead', 'list_own'),
    handler: async (request) => ({ msg: COMMON_MESSAGES.ok, data: await listOwnerLeads(app.services.database, { actor: request.actor, page: request.query.page }) }),
  });
});
