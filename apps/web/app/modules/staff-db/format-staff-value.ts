import { STAFF_DB_MESSAGES as M } from '@nj/contracts/staff-db/messages';
import { STAFF_DB_COLUMNS, type StaffDbColumn, type StaffDbTable } from '@nj/contracts/staff-db/schemas';

const ZONE = 'America/Mexico_City';

/** A time as the view shows it (Mexico City, so the server and the browser write the same text). */
export const whenText = (iso: string) =>
  new Intl.DateTimeFormat('es-MX', { dateStyle: 'medium', timeStyle: 'short', timeZone: ZONE }).format(new Date(iso));

/** A cell's value as text for `column` (— when empty; Sí/No; Spanish names of types and statuses; 'NJ-…' codes; centavos as MXN; times in Mexico City). */
export function formatStaffValue(column: Pick<StaffDbColumn, 'kind' | 'labels'> | undefined, value: unknown): string {
  if (value === null || value === undefined || value === '') return M.none;
  if (typeof value === 'string' && column?.labels?.[value]) return column.labels[value]!;
  if (column?.kind === 'code' && typeof value === 'string') return `NJ-${value.toUpperCase()}`;
  if (typeof value === 'boolean') return value ? M.yes : M.no;
  if (Array.isArray(value)) return value.length ? value.join(', ') : M.none;
  switch (column?.kind) {
    case 'cents':
      return new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' }).format(Number(value) / 100);
    case 'datetime':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? whenText(value) : String(value);
    case 'float':
    case 'int':
      return typeof value === 'number' ? value.toLocaleString('es-MX', { maximumFractionDigits: 2 }) : String(value);
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/** The column `key` of `rtable` when `rtable` is one of the view's tables (the audit log also names tickets). */
export function columnOf(rtable: string, key: string | null): StaffDbColumn | undefined {
  const columns = (STAFF_DB_COLUMNS as Record<string, readonly StaffDbColumn[] | undefined>)[rtable];
  return key ? columns?.find((c) => c.key === key) : undefined;
}

/** The Spanish name of a table of the view (or the raw name for others). */
export const tableName = (rtable: string) => M.tables[rtable] ?? rtable;

/** True when `rtable` is one of the view's tables. */
export const isViewTable = (rtable: string): rtable is StaffDbTable => rtable in STAFF_DB_COLUMNS;
