import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import {
  TICKET_CATEGORY_NAMES, TICKET_STATUS_LABELS, type TTicket, type TTicketMessage,
} from '@nj/contracts';
import { ticketTables, type TicketAttachment, type TicketDbOrTrx, type TicketTables } from './tickets-tables.ts';
import type { DB } from '@nj/db';

/** A ticket row (table tickets, migration 041). */
export type TicketRow = {
  tuid: string; author_cuid: string; title: string; category: keyof typeof TICKET_CATEGORY_NAMES; description: string;
  puid: string | null; ruid: string | null; event_date: string | null; status: keyof typeof TICKET_STATUS_LABELS;
  assigned_cuid: string | null; outcome: 'completed' | 'closed' | null; completion: Record<string, unknown> | null;
  report_ruid: string | null; created_at: Date; updated_at: Date; closed_at: Date | null; last_activity_at: Date;
};

/** A ticket message row (table ticket_messages, migration 041); `seq` orders a conversation. */
export type TicketMessageRow = {
  muid: string; tuid: string; from_cuid: string | null; from_staff: boolean; cat: 'msg' | 'system' | 'attachment';
  text: string; attachment: TicketAttachment | null; seen: boolean; seen_at: Date | null; client_message_id: string | null;
  created_at: Date; seq: string;
};

/** The columns of a ticket but event_date, read as text by `eventDay` (a `date` parses as a local or UTC midnight by driver). */
export const TICKET_COLUMNS = [
  'tuid', 'author_cuid', 'title', 'category', 'description', 'puid', 'ruid', 'status', 'assigned_cuid',
  'outcome', 'completion', 'report_ruid', 'created_at', 'updated_at', 'closed_at', 'last_activity_at',
] as const;
export const TICKET_MESSAGE_COLUMNS = [
  'muid', 'tuid', 'from_cuid', 'from_staff', 'cat', 'text', 'attachment', 'seen', 'seen_at', 'client_message_id', 'created_at', 'seq',
] as const;

/** `to_char(event_date, 'YYYY-MM-DD') as event_date` of table `alias` (or the only one). */
export const eventDay = (alias?: string) => sql<string | null>`to_char(${sql.ref(alias ? `${alias}.event_date` : 'event_date')}, 'YYYY-MM-DD')`.as('event_date');

/** A new id with a prefix ('t_' tickets, 'tm_' ticket messages). */
export function newTicketId(prefix: 't_' | 'tm_'): string {
  return `${prefix}${randomBytes(10).toString('hex')}`;
}

/** The day of a `date` column as 'YYYY-MM-DD' (PGlite and pg give a Date or a string). */
function dayOf(value: unknown): string | null {
  if (value == null) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
}
const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

/** The URL that serves a ticket message's file to the ticket's parties (GET /api/v1/tickets/{tuid}/attachment/{muid}). */
export const ticketAttachmentUrl = (tuid: string, muid: string) => `/api/v1/tickets/${encodeURIComponent(tuid)}/attachment/${encodeURIComponent(muid)}`;

/** A ticket as the API returns it (ZTicket), with the listing's title when it names one. */
export function ticketToWire(t: TicketRow, listingTitle: string | null = null): TTicket {
  return {
    tuid: t.tuid, title: t.title, category: t.category, categoryName: TICKET_CATEGORY_NAMES[t.category], description: t.description,
    puid: t.puid, ruid: t.ruid, date: dayOf(t.event_date), status: t.status, statusLabel: TICKET_STATUS_LABELS[t.status],
    author_cuid: t.author_cuid, assigned: t.assigned_cuid !== null, outcome: t.outcome, report_ruid: t.report_ruid, listingTitle,
    created_at: iso(t.created_at)!, updated_at: iso(t.updated_at)!, closed_at: iso(t.closed_at), last_activity_at: iso(t.last_activity_at)!,
  };
}

/** A ticket message as the API and the socket send it (ZTicketMessage): the storage key never leaves the server. */
export function ticketMessageToWire(m: TicketMessageRow): TTicketMessage {
  const a = m.attachment;
  return {
    muid: m.muid, tuid: m.tuid, from_cuid: m.from_staff ? null : m.from_cuid, from_staff: m.from_staff, cat: m.cat, text: m.text,
    attachment: a ? {
      name: a.name, type: a.type, bytes: a.bytes, ...(a.width ? { width: a.width } : {}), ...(a.height ? { height: a.height } : {}),
      url: ticketAttachmentUrl(m.tuid, m.muid),
    } : null,
    seen: m.seen, seen_at: iso(m.seen_at), client_message_id: m.client_message_id, created_at: iso(m.created_at)!,
  };
}

type Q = Kysely<TicketTables & DB>;

/** SQL of tickets and their messages (migration 041; issue 14). Each function takes the database or a transaction. */
export const ticketsRepository = {
  /** One ticket by id, or undefined. */
  async find(db: TicketDbOrTrx, tuid: string): Promise<TicketRow | undefined> {
    return await ticketTables(db).selectFrom('tickets').select(TICKET_COLUMNS).select(eventDay()).where('tuid', '=', tuid).executeTakeFirst() as TicketRow | undefined;
  },

  /** Inserts a ticket; returns the row. */
  async insert(db: TicketDbOrTrx, t: {
    tuid: string; author_cuid: string; title: string; category: TicketRow['category']; description: string;
    puid: string | null; ruid: string | null; event_date: string | null; report_ruid?: string | null;
  }): Promise<TicketRow> {
    return await ticketTables(db).insertInto('tickets').values({
      tuid: t.tuid, author_cuid: t.author_cuid, title: t.title, category: t.category, description: t.description,
      puid: t.puid, ruid: t.ruid, event_date: t.event_date, report_ruid: t.report_ruid ?? null,
    }).returning(TICKET_COLUMNS).returning(eventDay()).executeTakeFirstOrThrow() as TicketRow;
  },

  /**
   * Inserts a message unless the sender already stored one with the same `client_message_id` (then undefined), and
   * moves the ticket's last activity. Run it inside a transaction with whatever else must commit with it.
   */
  async insertMessage(db: TicketDbOrTrx, m: {
    tuid: string; from_cuid: string | null; from_staff: boolean; cat: TicketMessageRow['cat']; text: string;
    attachment: TicketAttachment | null; client_message_id: string | null;
  }): Promise<TicketMessageRow | undefined> {
    const q = ticketTables(db);
    const inserted = await q.insertInto('ticket_messages').values({
      muid: newTicketId('tm_'), tuid: m.tuid, from_cuid: m.from_cuid, from_staff: m.from_staff, cat: m.cat, text: m.text,
      attachment: m.attachment ? JSON.stringify(m.attachment) : null, client_message_id: m.client_message_id,
    }).onConflict((oc) => oc.columns(['tuid', 'from_cuid', 'client_message_id']).where('client_message_id', 'is not', null).doNothing())
      .returning(TICKET_MESSAGE_COLUMNS).executeTakeFirst();
    if (!inserted) return undefined;
    await q.updateTable('tickets').set({ last_activity_at: new Date() }).where('tuid', '=', m.tuid).execute();
    return inserted as TicketMessageRow;
  },

  /** The messages a sender stored in ticket `tuid` with `client_message_id` (a text and its files share one id: `id`, `id#1`, …). */
  async findByClientMessageId(db: TicketDbOrTrx, tuid: string, fromCuid: string, clientMessageId: string): Promise<TicketMessageRow[]> {
    return await ticketTables(db).selectFrom('ticket_messages').select(TICKET_MESSAGE_COLUMNS)
      .where('tuid', '=', tuid).where('from_cuid', '=', fromCuid)
      .where((eb) => eb.or([eb('client_message_id', '=', clientMessageId), eb('client_message_id', 'like', `${clientMessageId.replace(/[\\%_]/g, '\\$&')}#%`)]))
      .orderBy('seq').execute() as TicketMessageRow[];
  },

  /** One message of a ticket, or undefined. */
  async findMessage(db: TicketDbOrTrx, tuid: string, muid: string): Promise<TicketMessageRow | undefined> {
    return await ticketTables(db).selectFrom('ticket_messages').select(TICKET_MESSAGE_COLUMNS)
      .where('tuid', '=', tuid).where('muid', '=', muid).executeTakeFirst() as TicketMessageRow | undefined;
  },

  /** A ticket's messages in order; with `afterMuid`, only those stored after it. At most `limit`, the newest kept. */
  async listMessages(db: TicketDbOrTrx, tuid: string, afterMuid: string | undefined, limit: number): Promise<TicketMessageRow[]> {
    let query = ticketTables(db).selectFrom('ticket_messages').select(TICKET_MESSAGE_COLUMNS).where('tuid', '=', tuid);
    if (afterMuid) {
      query = query.where('seq', '>', (eb) => eb.selectFrom('ticket_messages').select('seq').where('muid', '=', afterMuid).where('tuid', '=', tuid));
    }
    const rows = await query.orderBy('seq', 'desc').limit(limit).execute();
    return (rows as TicketMessageRow[]).reverse();
  },

  /**
   * Marks seen the messages the other side sent: for the author, staff and system messages; for the staff, the
   * author's. Returns the muids marked.
   */
  async markSeen(db: TicketDbOrTrx, tuid: string, side: 'author' | 'staff'): Promise<string[]> {
    let query = ticketTables(db).updateTable('ticket_messages').set({ seen: true, seen_at: new Date() })
      .where('tuid', '=', tuid).where('seen', '=', false);
    query = side === 'author' ? query.where((eb) => eb.or([eb('from_staff', '=', true), eb('from_cuid', 'is', null)]))
      : query.where('from_staff', '=', false).where('from_cuid', 'is not', null);
    const rows = await query.returning('muid').execute();
    return rows.map((r) => r.muid);
  },

  /**
   * A page of a client's tickets, newest activity first (`perPage + 1` rows read to tell whether more follow), with
   * the listing's title, the author's unread count (staff and system messages not seen) and the last message.
   * `onlyActive` leaves out closed tickets; `tuid` narrows to one.
   */
  async listForAuthor(db: TicketDbOrTrx, authorCuid: string, options: { page: number; perPage: number; onlyActive?: boolean; tuid?: string }): Promise<{
    rows: Array<TicketRow & { listing_title: string | null; unread: number }>; hasMore: boolean;
  }> {
    const q: Q = ticketTables(db);
    let query = q.selectFrom('tickets as t').leftJoin('properties as p', 'p.puid', 't.puid')
      .select(TICKET_COLUMNS.map((c) => `t.${c}` as const)).select(eventDay('t'))
      .select('p.title as listing_title')
      .select((eb) => eb.selectFrom('ticket_messages as m').select(sql<number>`count(*)::int`.as('n'))
        .whereRef('m.tuid', '=', 't.tuid').where('m.seen', '=', false)
        .where((w) => w.or([w('m.from_staff', '=', true), w('m.from_cuid', 'is', null)])).as('unread'))
      .where('t.author_cuid', '=', authorCuid);
    if (options.onlyActive) query = query.where('t.status', '!=', 'closed');
    if (options.tuid) query = query.where('t.tuid', '=', options.tuid);
    const rows = await query.orderBy('t.last_activity_at', 'desc').orderBy('t.tuid')
      .limit(options.perPage + 1).offset((options.page - 1) * options.perPage).execute();
    return {
      rows: rows.slice(0, options.perPage).map((r) => ({ ...(r as unknown as TicketRow), listing_title: (r as { listing_title: string | null }).listing_title, unread: Number((r as { unread: unknown }).unread ?? 0) })),
      hasMore: rows.length > options.perPage,
    };
  },

  /** The last message of each ticket in `tuids`. */
  async lastMessages(db: TicketDbOrTrx, tuids: string[]): Promise<Map<string, TicketMessageRow>> {
    if (tuids.length === 0) return new Map();
    const rows = await ticketTables(db).selectFrom('ticket_messages as m').select(TICKET_MESSAGE_COLUMNS.map((c) => `m.${c}` as const))
      .where('m.tuid', 'in', tuids)
      .where('m.seq', '=', (eb) => eb.selectFrom('ticket_messages as l').select((l) => l.fn.max('l.seq').as('s')).whereRef('l.tuid', '=', 'm.tuid'))
      .execute();
    return new Map((rows as TicketMessageRow[]).map((r) => [r.tuid, r]));
  },

  /** The title of listing `puid`, or null. */
  async listingTitle(db: TicketDbOrTrx, puid: string | null): Promise<string | null> {
    if (!puid) return null;
    const row = await ticketTables(db).selectFrom('properties').select('title').where('puid', '=', puid).executeTakeFirst();
    return row?.title ?? null;
  },
};
