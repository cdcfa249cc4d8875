import { COMMON_MESSAGES } from '@nj/contracts';
import { ALLOW, definePolicy } from './policy.ts';
import { hasPrivilege, isClient } from './actor.ts';

/** What the ticket policy decides on: the ticket's author (and nothing else of it). */
export type TicketRecord = { author_cuid: string };

/**
 * Support tickets (issue 14; spec 02 §6 'Registered client: creates tickets', 'Support staff: grab, close and
 * complete tickets'; spec 03 §6 'Staff/support'):
 * - create: a signed-in client (a visitor is asked to sign in and the ticket is sent after);
 * - list: a signed-in client's own tickets;
 * - read / message: the ticket's author, or a support user (a stranger's ticket reads as not found, so ids do not
 *   leak);
 * - queue / grab / close / complete: support users only (403 with a Spanish msg to anyone else signed in).
 */
export const ticketPolicy = definePolicy<TicketRecord, 'create' | 'list' | 'read' | 'message' | 'queue' | 'grab' | 'close' | 'complete'>({
  model: 'ticket',
  actions: {
    create: { who: 'registered', doc: 'a signed-in client' },
    list: { who: 'registered', doc: 'a signed-in client (their own tickets)' },
    read: {
      who: 'registered', doc: 'the author or a support user',
      rule: (actor, t) => (isClient(actor, t.author_cuid) || hasPrivilege(actor, 'support') ? ALLOW : { code: 'NOT_FOUND', msg: COMMON_MESSAGES.notFound }),
    },
    message: {
      who: 'registered', doc: 'the author or a support user',
      rule: (actor, t) => (isClient(actor, t.author_cuid) || hasPrivilege(actor, 'support') ? ALLOW : { code: 'NOT_FOUND', msg: COMMON_MESSAGES.notFound }),
    },
    queue: { who: 'support', doc: 'support users' },
    grab: { who: 'support', doc: 'support users' },
    close: { who: 'support', doc: 'support users' },
    complete: { who: 'support', doc: 'support users' },
  },
});

/**
 * The staff's tools on any record (issue 14 'The database view', POST /v1/notes; spec 03 §6 'Staff/support: views
 * the database (clients, properties, transactions) and hover info; edits values with a mandatory reason'): every
 * action is for support users only; clients get 403 with a Spanish msg, visitors 401.
 */
export const staffPolicy = definePolicy<never, 'browse' | 'hover' | 'edit' | 'note' | 'audit'>({
  model: 'staff',
  actions: {
    browse: { who: 'support', doc: 'support users' },
    hover: { who: 'support', doc: 'support users' },
    edit: { who: 'support', doc: 'support users (allow-listed columns, with a reason, audited)' },
    note: { who: 'support', doc: 'support users' },
    audit: { who: 'support', doc: 'support users' },
  },
});
