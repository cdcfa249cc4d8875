import { z } from 'zod';
import { COMMON_MESSAGES, LISTING_AGENT_MESSAGES as M, ZApiEnvelope, ZAssignAgentBody, ZListingAgent } from '@nj/contracts';
import { assignListingAgent, getListingAgent } from '@nj/core';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

const Id = z.object({ id: z.string().max(100) });

/**
 * The agent of a listing (issue 11: a contact goes to 'the listing's owner (or the agent it is assigned to)'), only
 * for the listing's owner (401 visitors, 403 others, demo listings 403):
 * - GET /api/v1/property/{id}/agent → `{ agent: { cuid, nickname, email } | null }`.
 * - PUT /api/v1/property/{id}/agent `{ email }` — a registered client other than the owner (400 'No encontramos una
 *   cuenta con ese correo…'), or `{ email: null }` to remove the agent. New conversations go to the agent.
 */
export default defineRoute((app) => {
  app.get('/api/v1/property/:id/agent', {
    schema: { tags: ['propiedades'], summary: 'El asesor asignado a mi propiedad', params: Id, response: { 200: ZApiEnvelope(ZListingAgent) } },
    preValidation: can('listing', 'update'),
    handler: async (request) => ({ msg: COMMON_MESSAGES.ok, data: { agent: await getListingAgent(app.services.database, { actor: request.actor, puid: request.params.id }) } }),
  });
  app.put('/api/v1/property/:id/agent', {
    schema: { tags: ['propiedades'], summary: 'Asignar o quitar el asesor de mi propiedad', params: Id, body: ZAssignAgentBody, response: { 200: ZApiEnvelope(ZListingAgent) } },
    preValidation: can('listing', 'update'),
    handler: async (request) => {
      const agent = await assignListingAgent(app.services.database, { actor: request.actor, puid: request.params.id, email: request.body.email });
      return { msg: agent ? M.assigned : M.removed, data: { agent } };
    },
  });
});
