import { sql, type Kysely } from 'kysely';
import type { TStaffQueueItem, TStaffQueueView, TStaffTicket, TTicketCategory, TTicketStatus } from '@nj/contracts';
import { ticketTables, type TicketDbOrTrx } from './tickets-tables.ts';

/** A ticket row as the staff calls read and lock it. */
export type StaffTicketRow = {
  tuid: string; author_cuid: string; title: string; category: TTicketCategory; description: string; puid: string | null;
  ruid: string | null; event_date: string | null; status: TTicketStatus; assigned_cuid: string | null;
  outcome: 'completed' | 'closed' | null; completion: Record<string, unknown> | null; created_at: Date; closed_at: Date | null;
  last_activity_at: Date;
};

/** One queue row with the joined names (author and assignee nicknames, the listing's title). */
type QueueRow = StaffTicketRow & { author_nickname: string | null; assigned_nickname: string | null; listing_title: string | null };

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/** The queue item of a joined row (times ISO 8601). */
export function presentQueueItem(r: QueueRow): TStaffQueueItem {
  return {
    tuid: r.tuid, title: r.title, category: r.category, status: r.status, author_cuid: r.author_cuid, author_nickname: r.author_nickname,
    puid: r.puid, listing_title: r.listing_title, ruid: r.ruid, assigned_cuid: r.assigned_cuid, assigned_nickname: r.assigned_nickname,
    outcome: r.outcome, created_at: iso(r.created_at)!, last_activity_at: iso(r.last_activity_at)!,
  };
}

/** The tickets joined with their author's and assignee's nicknames and the listing's title (SQL of the queue and detail). */
function joined(db: TicketDbOrTrx) {
  return ticketTables(db).selectFrom('tickets as t')
    .innerJoin('clients as a', 'a.cuid', 't.author_cuid')
    .leftJoin('clients as s', 's.cuid', 't.assigned_cuid')
    .leftJoin('properties as p', 'p.puid', 't.puid');
}

/** The SQL and Kysely of the support panel's reads and the ticket row lock of its writes (issue 14). */
export const staffTicketsRepository = {
  /**
   * One page of the queue, newest first (created_at, then tuid): `view` unassigned (nobody assigned and not closed),
   * mine (assigned to `staffCuid`) or all; optional category and status. Returns the rows and the total count.
   */
  async queue(
    db: TicketDbOrTrx,
    input: { staffCuid: string; view: TStaffQueueView; category?: TTicketCategory | undefined; status?: TTicketStatus | undefined; limit: number; offset: number },
  ): Promise<{ rows: QueueRow[]; total: number }> {
    let q = joined(db);
    if (input.view === 'unassigned') q = q.where('t.assigned_cuid', 'is', null).where('t.status', '<>', 'closed');
    if (input.view === 'mine') q = q.where('t.assigned_cuid', '=', input.staffCuid);
    if (input.category) q = q.where('t.category', '=', input.category);
    if (input.status) q = q.where('t.status', '=', input.status);
    const [rows, count] = await Promise.all([
      q.selectAll('t').select(['a.nickname as author_nickname', 's.nickname as assigned_nickname', 'p.title as listing_title'])
        .orderBy('t.created_at', 'desc').orderBy('t.tuid', 'desc').limit(input.limit).offset(input.offset).execute(),
      q.select(sql<string>`count(*)`.as('n')).executeTakeFirst(),
    ]);
    return { rows: rows as unknown as QueueRow[], total: Number(count?.n ?? 0) };
  },

  /** One ticket with the author's contact and flags and the listing's verification, or undefined. */
  async detail(db: TicketDbOrTrx, tuid: string): Promise<(QueueRow & {
    author_email: string | null; author_is_identity_verified: boolean; author_is_agent: boolean;
    listing_folio_gob_mx: string | null; listing_last_verified: Date | null; event_day: string | null;
  }) | undefined> {
    const row = await joined(db).selectAll('t').select([
      'a.nickname as author_nickname', 's.nickname as assigned_nickname', 'p.title as listing_title', 'a.email as author_email',
      'a.is_identity_verified as author_is_identity_verified', 'a.is_agent as author_is_agent', 'p.folio_gob_mx as listing_folio_gob_mx',
      'p.last_verified as listing_last_verified', sql<string | null>`to_char(t.event_date, 'YYYY-MM-DD')`.as('event_day'),
    ]).where('t.tuid', '=', tuid).executeTakeFirst();
    return row as never;
  },

  /** The ticket `tuid` locked for update in `trx` (FOR UPDATE), or undefined. */
  async lock(trx: Kysely<any>, tuid: string): Promise<StaffTicketRow | undefined> {
    const r = await sql<StaffTicketRow>`SELECT tuid, author_cuid, title, category, description, puid, ruid,
        to_char(event_date, 'YYYY-MM-DD') AS event_date, status, assigned_cuid, outcome, completion, created_at, closed_at, last_activity_at
      FROM tickets WHERE tuid = ${tuid} FOR UPDATE`.execute(trx);
    return r.rows[0];
  },

  /** Writes the ticket's status, assignee, outcome and completion (and its activity times). */
  async update(trx: TicketDbOrTrx, tuid: string, changes: {
    status: TTicketStatus; assigned_cuid: string | null; outcome?: 'completed' | 'closed' | null; completion?: Record<string, unknown> | null; closed?: boolean;
  }): Promise<void> {
    await ticketTables(trx).updateTable('tickets').set({
      status: changes.status, assigned_cuid: changes.assigned_cuid,
      ...(changes.outcome !== undefined ? { outcome: changes.outcome } : {}),
      ...(changes.completion !== undefined ? { completion: changes.completion === null ? null : JSON.stringify(changes.completion) } : {}),
      ...(changes.closed ? { closed_at: sql<Date>`now()` } : {}),
      updated_at: sql<Date>`now()`, last_activity_at: sql<Date>`now()`,
    } as never).where('tuid', '=', tuid).execute();
  },
};

/** The staff's view of one ticket (ZStaffTicket) from the detail row; `mine` when assigned to `staffCuid`. */
export function presentStaffTicket(row: NonNullable<Awaited<ReturnType<typeof staffTicketsRepository.detail>>>, staffCuid: string): TStaffTicket {
  return {
    ...presentQueueItem(row),
    description: row.description,
    // The day as written (to_char in SQL): a `date` read through a driver would become a local-midnight Date.
    event_date: row.event_day,
    closed_at: iso(row.closed_at),
    completion: row.completion,
    author_email: row.author_email,
    author_is_identity_verified: Boolean(row.author_is_identity_verified),
    author_is_agent: Boolean(row.author_is_agent),
    listing_folio_gob_mx: row.listing_folio_gob_mx,
    listing_last_verified: iso(row.listing_last_verified),
    mine: row.assigned_cuid === staffCuid,
  };
}
