import type {
  StaffAuditEntry, StaffAuditPage, StaffDbEditBody, StaffDbHover, StaffDbPage, StaffDbTable, StaffDbValue,
} from '@nj/contracts/staff-db/schemas';
import { api } from '../api/client.ts';

/** React Query keys of the database view. */
export const staffDbKeys = {
  all: ['staff-db'] as const,
  page: (rtable: StaffDbTable, page: number, search: string) => ['staff-db', 'page', rtable, page, search] as const,
  hover: (rtable: StaffDbTable, uid: string) => ['staff-db', 'hover', rtable, uid] as const,
  audit: (q: { page: number; rtable?: string; rkey?: string }) => ['staff-db', 'audit', q] as const,
};

/** POST /api/v1/tickets/db — one page (20 rows) of `rtable` matching `search` (ZStaffDbPage). */
export const browseTable = (rtable: StaffDbTable, page: number, search: string, signal?: AbortSignal) =>
  api<StaffDbPage>('POST', '/v1/tickets/db', { body: { rtable, page, search }, signal });
/** GET /api/v1/tickets/db/hover?uid&rtable — a record's short summary (ZStaffDbHover). */
export const hoverRecord = (rtable: StaffDbTable, uid: string, signal?: AbortSignal) =>
  api<StaffDbHover>('GET', '/v1/tickets/db/hover', { query: { uid, rtable }, signal });
/** POST /api/v1/tickets/db/edit — one allow-listed value with a reason; answers before/after and the audit row. */
export const editValue = (body: StaffDbEditBody) =>
  api<{ old_value: StaffDbValue; new_value: StaffDbValue; audit: StaffAuditEntry }>('POST', '/v1/tickets/db/edit', { body });
/** GET /api/v1/tickets/db/audit?page&rtable&rkey — the audit log newest first (ZStaffAuditPage). */
export const getAudit = (q: { page: number; rtable?: string; rkey?: string }, signal?: AbortSignal) =>
  api<StaffAuditPage>('GET', '/v1/tickets/db/audit', { query: q, signal });
