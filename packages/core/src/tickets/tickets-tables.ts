import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database, DB } from '@nj/db';
import type { TTicketCategory as TicketCategory, TTicketStatus as TicketStatus } from '@nj/contracts';

export type { TicketCategory, TicketStatus };

/** Records the staff may annotate (POST /v1/notes) and the database view's tables (spec 03 §3 'Staff edit request'). */
export type StaffRecordTable = 'clients' | 'properties' | 'transactions' | 'tickets' | 'rents';
/** What the audit log records: an edit of the database view ('write') or another staff action. */
export type StaffAuditAction = 'write' | 'grab' | 'close' | 'complete' | 'note' | 'message';

/** A stored file of a ticket message (the storage adapter's key and what was checked of its content). */
export type TicketAttachment = { key: string; name: string; type: string; bytes: number; width?: number; height?: number };

/** Kysely types of migration 041 (tickets, their messages, staff notes, the staff audit log). */
export interface TicketTables {
  tickets: {
    tuid: string; author_cuid: string; title: string; category: Generated<TicketCategory>; description: string;
    puid: string | null; ruid: string | null; event_date: ColumnType<string | null, string | null | undefined, string | null>;
    status: Generated<TicketStatus>; assigned_cuid: string | null; outcome: 'completed' | 'closed' | null;
    completion: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
    report_ruid: string | null; created_at: Generated<Date>; updated_at: Generated<Date>; closed_at: Date | null;
    last_activity_at: Generated<Date>;
  };
  ticket_messages: {
    muid: string; tuid: string; from_cuid: string | null; from_staff: Generated<boolean>;
    cat: Generated<'msg' | 'system' | 'attachment'>; text: Generated<string>;
    attachment: ColumnType<TicketAttachment | null, string | null | undefined, string | null>;
    seen: Generated<boolean>; seen_at: Date | null; client_message_id: string | null; created_at: Generated<Date>;
    seq: ColumnType<string, never, never>;
  };
  staff_notes: { nuid: string; rtable: StaffRecordTable; rkey: string; author_cuid: string | null; body: string; created_at: Generated<Date> };
  staff_audit_log: {
    id: Generated<string>; actor_cuid: string; action: StaffAuditAction; rtable: string; rkey: string; rcolumn: string | null;
    old_value: ColumnType<unknown, string | null | undefined, never>; new_value: ColumnType<unknown, string | null | undefined, never>;
    reason: string | null; tuid: string | null; created_at: Generated<Date>;
  };
}

/** A database handle or an open transaction of it. */
export type TicketDbOrTrx = Database | Kysely<DB> | Kysely<TicketTables>;

/** The Kysely of `db` (a Database or an open transaction) typed with the ticket tables and the app's. */
export function ticketTables(db: TicketDbOrTrx): Kysely<TicketTables & DB> {
  const k = 'db' in db && 'kind' in db ? (db as Database).db : db;
  return k as unknown as Kysely<TicketTables & DB>;
}
