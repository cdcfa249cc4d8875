import type { TTicket, TTicketChat, TTicketList, TTicketMessage } from '@nj/contracts/tickets/schemas';
import { api } from '../api/client.ts';

export type { TTicket, TTicketChat, TTicketList, TTicketMessage };

/** React Query keys of the tickets (issue 14). */
export const TICKET_KEYS = {
  all: ['tickets'] as const,
  list: (page: number) => ['tickets', 'list', page] as const,
  chats: (page: number) => ['tickets', 'chats', page] as const,
  ticket: (tuid: string) => ['tickets', 'one', tuid] as const,
  messages: (tuid: string) => ['tickets', 'messages', tuid] as const,
};

/** What the help modal sends (POST /api/v1/tickets). */
export type NewTicket = { title: string; category: string; description: string; puid?: string | null; ruid?: string | null; date?: string | null; files: File[] };

/** POST /api/v1/tickets (multipart: title, category, description, puid, ruid, date, files): the new ticket. */
export function createTicket(ticket: NewTicket): Promise<{ ticket: TTicket; messages: TTicketMessage[] }> {
  const form = new FormData();
  form.set('title', ticket.title);
  form.set('category', ticket.category);
  form.set('description', ticket.description);
  if (ticket.puid) form.set('puid', ticket.puid);
  if (ticket.ruid) form.set('ruid', ticket.ruid);
  if (ticket.date) form.set('date', ticket.date);
  for (const file of ticket.files) form.append('files', file, file.name);
  return api('POST', '/v1/tickets', { body: form });
}

/** GET /api/v1/tickets/chats?page (spec 02 §7): my tickets with unread counts and last messages, newest first. */
export const getTicketChats = (page: number, signal?: AbortSignal) =>
  api<{ chats: TTicketChat[]; page: number; hasMore: boolean }>('GET', '/v1/tickets/chats', { query: { page }, signal });

/** GET /api/v1/tickets/{tuid}: one ticket (its author or support). */
export const getTicket = (tuid: string, signal?: AbortSignal) => api<TTicket>('GET', `/v1/tickets/${encodeURIComponent(tuid)}`, { signal });

/** GET /api/v1/tickets/chats/{tuid}?last: the conversation (after `last`), oldest first; marks the other side's messages seen. */
export const getTicketMessages = (tuid: string, last?: string, signal?: AbortSignal) =>
  api<{ tuid: string; messages: TTicketMessage[] }>('GET', `/v1/tickets/chats/${encodeURIComponent(tuid)}`, { query: { last }, signal });

/** POST /api/v1/tickets/{tuid}/message: a text and/or files (multipart when there are files). */
export function postTicketMessage(tuid: string, text: string, files: File[], clientMessageId: string): Promise<{ messages: TTicketMessage[]; duplicate: boolean }> {
  const path = `/v1/tickets/${encodeURIComponent(tuid)}/message`;
  if (files.length === 0) return api('POST', path, { body: { text, client_message_id: clientMessageId } });
  const form = new FormData();
  form.set('text', text);
  form.set('client_message_id', clientMessageId);
  for (const file of files) form.append('files', file, file.name);
  return api('POST', path, { body: form });
}

/** GET /api/v1/rents (both sides): the rents and listings the help modal offers to point at. */
export const getMyRents = () =>
  api<{ rents: Array<{ ruid: string; puid: string; title: string; role: 'renter' | 'owner'; stepLabel: string }> }>('GET', '/v1/rents', { query: { page: 1 } });

/** GET /api/v1/properties/my: my own listings (the help modal's listing choices). */
export const getMyListings = () => api<{ properties: Array<{ uid: string; title: string }> }>('GET', '/v1/properties/my', { query: { page: 1 } });

/** Merges `incoming` ticket messages into `current` by muid, in created_at order; `current` itself when nothing changed. */
export function mergeTicketMessages(current: readonly TTicketMessage[], incoming: readonly TTicketMessage[]): TTicketMessage[] {
  if (!incoming.length) return current as TTicketMessage[];
  const byId = new Map(current.map((m, i) => [m.muid, i]));
  const next = [...current];
  let changed = false;
  for (const m of incoming) {
    const at = byId.get(m.muid);
    if (at === undefined) { byId.set(m.muid, next.length); next.push(m); changed = true; }
    else if (JSON.stringify(next[at]) !== JSON.stringify(m)) { next[at] = m; changed = true; }
  }
  if (!changed) return current as TTicketMessage[];
  return next.map((m, i) => ({ m, i, t: Date.parse(m.created_at) })).sort((a, b) => a.t - b.t || a.i - b.i).map((x) => x.m);
}
