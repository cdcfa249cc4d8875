import type {
  TCompleteTicketBody, TStaffNote, TStaffNotes, TStaffNoteTable, TStaffQueuePage, TStaffQueueQuery, TStaffTicket,
} from '@nj/contracts/staff-panel/schemas';
import { api } from '../api/client.ts';

/** React Query keys of the support panel. */
export const staffKeys = {
  queue: (q: Partial<TStaffQueueQuery>) => ['staff-queue', q] as const,
  ticket: (tuid: string) => ['staff-ticket', tuid] as const,
  notes: (rtable: TStaffNoteTable, rkey: string) => ['staff-notes', rtable, rkey] as const,
};

/** GET /api/v1/tickets/assigned?page&view&category&status — one page of the queue (ZStaffQueuePage). */
export const getQueue = (q: Partial<TStaffQueueQuery>, signal?: AbortSignal) =>
  api<TStaffQueuePage>('GET', '/v1/tickets/assigned', { query: { page: q.page, view: q.view, category: q.category, status: q.status }, signal });
/** GET /api/v1/tickets/assigned/{tuid} — one ticket as support reads it. */
export const getStaffTicket = (tuid: string, signal?: AbortSignal) => api<TStaffTicket>('GET', `/v1/tickets/assigned/${encodeURIComponent(tuid)}`, { signal });
/** PUT /api/v1/tickets/{tuid}/grab — assign to me; answers the ticket. */
export const grabTicket = (tuid: string) => api<TStaffTicket>('PUT', `/v1/tickets/${encodeURIComponent(tuid)}/grab`);
/** PUT /api/v1/tickets/{tuid}/close — close without completing; answers the ticket. */
export const closeTicket = (tuid: string) => api<TStaffTicket>('PUT', `/v1/tickets/${encodeURIComponent(tuid)}/close`);
/** POST /api/v1/tickets/{tuid}/complete — the category's completion fields; answers the ticket. */
export const completeTicket = (tuid: string, body: TCompleteTicketBody) => api<TStaffTicket>('POST', `/v1/tickets/${encodeURIComponent(tuid)}/complete`, { body });
/** GET /api/v1/notes?rtable&rkey — a record's internal notes, newest first. */
export const getNotes = (rtable: TStaffNoteTable, rkey: string, signal?: AbortSignal) => api<TStaffNotes>('GET', '/v1/notes', { query: { rtable, rkey }, signal });
/** POST /api/v1/notes — a new internal note. */
export const addNote = (rtable: TStaffNoteTable, rkey: string, body: string) => api<TStaffNote>('POST', '/v1/notes', { body: { rtable, rkey, body } });

/** A time as the panel shows it (Mexico City). */
export const when = (iso: string) => new Intl.DateTimeFormat('es-MX', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Mexico_City' }).format(new Date(iso));
