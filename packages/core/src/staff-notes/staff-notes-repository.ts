import { sql } from 'kysely';
import type { TStaffNoteTable } from '@nj/contracts';
import { ticketTables, type TicketDbOrTrx } from '../tickets/tickets-tables.ts';

/** The key column of each record table that takes notes (spec 03 §7 POST /v1/notes). */
const KEY_COLUMN: Record<TStaffNoteTable, string> = { clients: 'cuid', properties: 'puid', transactions: 'tuid', tickets: 'tuid', rents: 'ruid' };

/** A stored note with its author's nickname. */
export type StaffNoteRow = { nuid: string; rtable: TStaffNoteTable; rkey: string; author_cuid: string | null; author_nickname: string | null; body: string; created_at: Date };

/** The SQL of the staff's internal notes (migration 041 `staff_notes`). */
export const staffNotesRepository = {
  /** Whether record `rkey` of `rtable` exists (its key column from KEY_COLUMN; the table name is from the allow-list). */
  async recordExists(db: TicketDbOrTrx, rtable: TStaffNoteTable, rkey: string): Promise<boolean> {
    const r = await sql<{ one: number }>`SELECT 1 AS one FROM ${sql.table(rtable)} WHERE ${sql.ref(KEY_COLUMN[rtable])} = ${rkey} LIMIT 1`.execute(ticketTables(db));
    return r.rows.length > 0;
  },

  /** Inserts one note. */
  async insert(db: TicketDbOrTrx, row: { nuid: string; rtable: TStaffNoteTable; rkey: string; author_cuid: string; body: string }): Promise<void> {
    await ticketTables(db).insertInto('staff_notes').values(row).execute();
  },

  /** A record's notes, newest first (at most 200), with their authors' nicknames. */
  async list(db: TicketDbOrTrx, rtable: TStaffNoteTable, rkey: string): Promise<StaffNoteRow[]> {
    const rows = await ticketTables(db).selectFrom('staff_notes as n').leftJoin('clients as c', 'c.cuid', 'n.author_cuid')
      .select(['n.nuid', 'n.rtable', 'n.rkey', 'n.author_cuid', 'c.nickname as author_nickname', 'n.body', 'n.created_at'])
      .where('n.rtable', '=', rtable).where('n.rkey', '=', rkey).orderBy('n.created_at', 'desc').orderBy('n.nuid', 'desc').limit(200).execute();
    return rows as StaffNoteRow[];
  },
};
