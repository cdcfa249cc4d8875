import { STAFF_PANEL_MESSAGES as M, ZApiEnvelope, ZStaffNote, ZStaffNoteBody, ZStaffNotes, ZStaffNotesQuery } from '@nj/contracts';
import { addStaffNote } from '@nj/core/staff-notes/add-staff-note';
import { listStaffNotes } from '@nj/core/staff-notes/list-staff-notes';
import { defineRoute } from '../define-route.ts';
import { can } from '../../plugins/actor.ts';

/**
 * Internal notes on any record (issue 14; spec 03 §7 POST /v1/notes), read and written by support users only
 * (staffPolicy 'note': visitors 401, other clients 403 in Spanish); rate-limited per staff cuid; each note audited.
 * - POST /api/v1/notes `{ rtable, rkey, body }` — rtable clients | properties | transactions | tickets | rents, rkey
 *   an existing record's id (else 404 'No encontramos ese registro'), body 1–5,000 characters; answers the note.
 * - GET /api/v1/notes?rtable&rkey — the record's notes, newest first (ZStaffNotes).
 */
export default defineRoute((app) => {
  const deps = () => ({ database: app.services.database, limiter: app.services.limiter });

  app.post('/api/v1/notes', {
    schema: { tags: ['tickets'], summary: 'Escribir una nota interna sobre un registro', body: ZStaffNoteBody, response: { 200: ZApiEnvelope(ZStaffNote) } },
    preValidation: can('staff', 'note'),
    handler: async (request) => ({ msg: M.noteAdded, data: await addStaffNote(deps(), { actor: request.actor, ...request.body }) }),
  });

  app.get('/api/v1/notes', {
    schema: { tags: ['tickets'], summary: 'Notas internas de un registro', querystring: ZStaffNotesQuery, response: { 200: ZApiEnvelope(ZStaffNotes) } },
    preValidation: can('staff', 'note'),
    handler: async (request) => ({ msg: M.notesLoaded, data: await listStaffNotes(deps(), { actor: request.actor, ...request.query }) }),
  });
});
