import {
  STAFF_DB_MESSAGES as M, ZApiEnvelope, ZStaffAuditPage, ZStaffAuditQuery, ZStaffDbBrowseBody, ZStaffDbEdit, ZStaffDbEditBody, ZStaffDbHover,
  ZStaffDbHoverQuery, ZStaffDbPage,
} from '@nj/contracts';
import { invalidateListingRents } from '@nj/core';
import { browseStaffDb } from '@nj/core/staff-db/browse-staff-db';
import { editStaffRecord } from '@nj/core/staff-db/edit-staff-record';
import { hoverStaffRecord } from '@nj/core/staff-db/hover-staff-record';
import { listStaffAudit } from '@nj/core/staff-db/list-staff-audit';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * The staff database view and its audit log (issue 14 'The database view'; spec 03 §3 'Staff edit request', §5,
 * §6 'Staff/support', §7 'Tickets and staff', §8 'Error al editar apartado'; decision 026). Support users only
 * (staffPolicy: visitors 401, other clients 403 with a Spanish msg); every call counts against the caller's staff
 * limits (per cuid: 600 reads and 60 edits per 10 minutes).
 * - POST /api/v1/tickets/db `{ rtable: clients|properties|transactions, page?, search? }` — one page (20 rows,
 *   newest first) with the table's documented columns (ZStaffDbPage; STAFF_DB_COLUMNS).
 * - GET /api/v1/tickets/db/hover?uid&rtable — a record's short summary (ZStaffDbHover); 404 when unknown.
 * - POST /api/v1/tickets/db/edit `{ action: 'write', rtable, rkey, rcolumn, newval, comment, tuid? }` — one
 *   allow-listed column of one record (the path is ours, the spec gives none: decision 026); comment longer than
 *   16 characters ('El mensaje es demasiado corto'), newval converted by the column's kind, tuid an existing ticket
 *   ('El id del ticket es inválido'); the update and its audit row in one transaction ('Error al editar apartado'
 *   when the database refuses). A listing switched off this way ends its open conversations as the owner's switch
 *   does. Answers the value before and after and the audit row (ZStaffDbEdit).
 * - GET /api/v1/tickets/db/audit?page&rtable&rkey — the audit log newest first, of a table or one record
 *   (ZStaffAuditPage). The log has no call that changes it.
 */
export default defineRoute((app) => {
  const deps = () => ({ database: app.services.database, limiter: app.services.limiter });

  app.post('/api/v1/tickets/db', {
    schema: { tags: ['tickets'], summary: 'Base de datos del equipo de soporte: una página de una tabla', body: ZStaffDbBrowseBody, response: { 200: ZApiEnvelope(ZStaffDbPage) } },
    preValidation: can('staff', 'browse'),
    handler: async (request) => ({ msg: M.loaded, data: await browseStaffDb(deps(), { actor: request.actor, ...request.body }) }),
  });

  app.get('/api/v1/tickets/db/hover', {
    schema: { tags: ['tickets'], summary: 'Resumen de un registro de la base de datos', querystring: ZStaffDbHoverQuery, response: { 200: ZApiEnvelope(ZStaffDbHover) } },
    preValidation: can('staff', 'hover'),
    handler: async (request) => ({ msg: M.hoverLoaded, data: await hoverStaffRecord(deps(), { actor: request.actor, ...request.query }) }),
  });

  app.post('/api/v1/tickets/db/edit', {
    schema: { tags: ['tickets'], summary: 'Editar un valor de la base de datos con motivo (queda en la auditoría)', body: ZStaffDbEditBody, response: { 200: ZApiEnvelope(ZStaffDbEdit) } },
    preValidation: can('staff', 'edit'),
    handler: async (request) => {
      const b = request.body;
      const result = await editStaffRecord(
        { ...deps(), exchangeRates: app.services.config.exchangeRates },
        { actor: request.actor, rtable: b.rtable, rkey: b.rkey, rcolumn: b.rcolumn, newval: b.newval, comment: b.comment, tuid: b.tuid },
      );
      if (result.rtable === 'properties' && result.rcolumn === 'is_active' && result.new_value === false) {
        await invalidateListingRents({ database: app.services.database, events: app.services.chatEvents }, result.rkey);
      }
      return { msg: M.edited, data: result };
    },
  });

  app.get('/api/v1/tickets/db/audit', {
    schema: { tags: ['tickets'], summary: 'Registro de auditoría del equipo de soporte', querystring: ZStaffAuditQuery, response: { 200: ZApiEnvelope(ZStaffAuditPage) } },
    preValidation: can('staff', 'audit'),
    handler: async (request) => ({ msg: M.auditLoaded, data: await listStaffAudit(deps(), { actor: request.actor, ...request.query }) }),
  });
});
