import type { StaffAuditAction } from '../tickets/tickets-tables.ts';
import { ticketTables, type TicketDbOrTrx } from '../tickets/tickets-tables.ts';

/**
 * One row of the staff audit log (migration 041 `staff_audit_log`; issue 14 'every edit is written to an
 * append-only audit log (who, when, table, key, column, old value, new value, reason, ticket)').
 * - `actorCuid`: the staff member's client id (who);
 * - `action`: 'write' (an edit of the database view) or 'grab' | 'close' | 'complete' | 'note' | 'message';
 * - `rtable` / `rkey`: the record acted on (e.g. 'clients' + cuid, 'tickets' + tuid);
 * - `rcolumn`, `oldValue`, `newValue`: the column and its values before and after (any JSON value; `undefined`
 *   stores SQL NULL, `null` stores JSON null);
 * - `reason`: the staff member's comment; `tuid`: the ticket the action belongs to.
 * When: the row's `created_at` (the transaction's now()).
 */
export type StaffAuditRow = {
  actorCuid: string;
  action: StaffAuditAction;
  rtable: string;
  rkey: string;
  rcolumn?: string | null;
  oldValue?: unknown;
  newValue?: unknown;
  reason?: string | null;
  tuid?: string | null;
};

/** JSON text of an audit value for a jsonb column: undefined → SQL NULL. */
function jsonOf(value: unknown): string | null {
  return value === undefined ? null : JSON.stringify(value);
}

/**
 * Appends one row to the staff audit log in `trx` — call it inside the transaction of the change it records, so
 * the change and its row commit (or fail) together. The log is append-only: the database refuses UPDATE, DELETE
 * and TRUNCATE on it (migration 041 triggers), and nothing in the product offers a way to change it.
 * @param trx an open transaction (or a Database / Kysely when the action has no other write)
 * @returns the new row's id (bigint as text)
 * @throws the database's error when the insert fails (the caller's transaction then rolls back)
 */
export async function writeStaffAudit(trx: TicketDbOrTrx, row: StaffAuditRow): Promise<string> {
  const inserted = await ticketTables(trx)
    .insertInto('staff_audit_log')
    .values({
      actor_cuid: row.actorCuid,
      action: row.action,
      rtable: row.rtable,
      rkey: row.rkey,
      rcolumn: row.rcolumn ?? null,
      old_value: jsonOf(row.oldValue),
      new_value: jsonOf(row.newValue),
      reason: row.reason ?? null,
      tuid: row.tuid ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(inserted.id);
}
