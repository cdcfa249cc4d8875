import { STAFF_DB_COLUMNS, type StaffAuditEntry, type StaffDbTable, type StaffDbValue } from '@nj/contracts';
import { RENT_PAYMENTS_ZONE } from '../rent-payments/start-rent-payments.ts';
import { dayInZone } from '../rents/zoned-time.ts';

/** A stored value as the view shows it for a column of `kind`. */
export function presentStaffValue(kind: string, value: unknown): StaffDbValue {
  if (value === null || value === undefined) return null;
  if (kind === 'date') {
    if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
    const ms = value instanceof Date ? value.getTime() : Date.parse(String(value));
    return Number.isNaN(ms) ? null : dayInZone(ms, RENT_PAYMENTS_ZONE);
  }
  if (value instanceof Date) return value.toISOString();
  if (kind === 'datetime') {
    const ms = Date.parse(String(value));
    return Number.isNaN(ms) ? String(value) : new Date(ms).toISOString();
  }
  if (kind === 'cents' || kind === 'int' || kind === 'float') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  if (kind === 'list') return Array.isArray(value) ? value.map(String) : [String(value)];
  if (typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string') return value;
  return String(value);
}

/** A raw row of `table` as the view shows it: exactly the table's STAFF_DB_COLUMNS keys. */
export function presentStaffRow(table: StaffDbTable, row: Record<string, unknown>): Record<string, StaffDbValue> {
  const out: Record<string, StaffDbValue> = {};
  for (const column of STAFF_DB_COLUMNS[table]) out[column.key] = presentStaffValue(column.kind, row[column.key]);
  return out;
}

/** One audit row as the API answers it (times as ISO text, ids as text). */
export function presentAuditEntry(row: {
  id: string | number; created_at: Date | string; actor_cuid: string; actor_name: string | null; action: string; rtable: string; rkey: string;
  rcolumn: string | null; old_value: unknown; new_value: unknown; reason: string | null; tuid: string | null;
}): StaffAuditEntry {
  return {
    id: String(row.id),
    created_at: new Date(row.created_at).toISOString(),
    actor_cuid: row.actor_cuid,
    actor_name: row.actor_name,
    action: row.action,
    rtable: row.rtable,
    rkey: row.rkey,
    rcolumn: row.rcolumn,
    old_value: row.old_value ?? null,
    new_value: row.new_value ?? null,
    reason: row.reason,
    tuid: row.tuid,
  };
}
