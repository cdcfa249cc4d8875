import {
  STAFF_PANEL_MESSAGES as M, ZApiEnvelope, ZCompleteTicketBody, ZStaffQueuePage, ZStaffQueueQuery, ZStaffTicket, ZStaffTicketParams,
} from '@nj/contracts';
import { closeTicket } from '@nj/core/tickets/staff-close-ticket';
import { completeTicket } from '@nj/core/tickets/staff-complete-ticket';
import { getStaffTicket } from '@nj/core/tickets/staff-get-ticket';
import { grabTicket } from '@nj/core/tickets/staff-grab-ticket';
import { listStaffQueue } from '@nj/core/tickets/staff-list-queue';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * The support panel's ticket calls (issue 14 'The staff panel'; spec 02 §7 Tickets; spec 03 §3 'Ticket (support)',
 * §5, §7 'Tickets and staff', §8). Support users only (ticketPolicy queue/grab/close/complete: visitors 401, other
 * clients 403 with a Spanish msg); every call counts against the caller's staff limits (per cuid), every change is
 * written to staff_audit_log with the ticket's id; a malformed or unknown id is 'El id del ticket es inválido'.
 * - GET /api/v1/tickets/assigned?page&view&category&status — the queue (ZStaffQueuePage): view mine (default) | unassigned
 *   | all, categories AY…AG, statuses sent | in_process | closed, 20 per page, newest first.
 * - GET /api/v1/tickets/assigned/{tuid} — one ticket as support reads it (ZStaffTicket).
 * - PUT /api/v1/tickets/{tuid}/grab — assign to myself, status in_process, system message to the author.
 * - PUT /api/v1/tickets/{tuid}/close — closed without acting on a record, system message to the author.
 * - POST /api/v1/tickets/{tuid}/complete — ZCompleteTicketBody, the category's completion fields; acts on the
 *   record, closes the ticket (outcome completed) and answers the stored completion fields.
 * A closed ticket cannot be grabbed, closed or completed (409).
 */
export default defineRoute((app) => {
  const deps = () => ({ database: app.services.database, limiter: app.services.limiter, chatEvents: app.services.chatEvents });

  app.get('/api/v1/tickets/assigned', {
    schema: { tags: ['tickets'], summary: 'Tickets del panel de soporte', querystring: ZStaffQueueQuery, response: { 200: ZApiEnvelope(ZStaffQueuePage) } },
    preValidation: can('ticket', 'queue'),
    handler: async (request) => ({ msg: M.loaded, data: await listStaffQueue(deps(), { actor: request.actor, ...request.query }) }),
  });

  app.get('/api/v1/tickets/assigned/:tuid', {
    schema: { tags: ['tickets'], summary: 'Un ticket visto por soporte', params: ZStaffTicketParams, response: { 200: ZApiEnvelope(ZStaffTicket) } },
    preValidation: can('ticket', 'queue'),
    handler: async (request) => ({ msg: M.ticketLoaded, data: await getStaffTicket(deps(), { actor: request.actor, tuid: request.params.tuid }) }),
  });

  app.put('/api/v1/tickets/:tuid/grab', {
    schema: { tags: ['tickets'], summary: 'Tomar un ticket (asignármelo)', params: ZStaffTicketParams, response: { 200: ZApiEnvelope(ZStaffTicket) } },
    preValidation: can('ticket', 'grab'),
    handler: async (request) => {
      await grabTicket(deps(), { actor: request.actor, tuid: request.params.tuid });
      return { msg: M.grabbed, data: await getStaffTicket(deps(), { actor: request.actor, tuid: request.params.tuid }) };
    },
  });

  app.put('/api/v1/tickets/:tuid/close', {
    schema: { tags: ['tickets'], summary: 'Cerrar un ticket', params: ZStaffTicketParams, response: { 200: ZApiEnvelope(ZStaffTicket) } },
    preValidation: can('ticket', 'close'),
    handler: async (request) => {
      await closeTicket(deps(), { actor: request.actor, tuid: request.params.tuid });
      return { msg: M.closedOk, data: await getStaffTicket(deps(), { actor: request.actor, tuid: request.params.tuid }) };
    },
  });

  app.post('/api/v1/tickets/:tuid/complete', {
    schema: { tags: ['tickets'], summary: 'Completar un ticket (actúa sobre el registro de su categoría)', params: ZStaffTicketParams, body: ZCompleteTicketBody, response: { 200: ZApiEnvelope(ZStaffTicket) } },
    preValidation: can('ticket', 'complete'),
    handler: async (request) => {
      await completeTicket(deps(), { actor: request.actor, tuid: request.params.tuid, body: request.body });
      return { msg: M.completedOk, data: await getStaffTicket(deps(), { actor: request.actor, tuid: request.params.tuid }) };
    },
  });
});

