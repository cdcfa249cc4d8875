import { STAFF_DB_PAGE_SIZE, type StaffAuditPage } from '@nj/contracts';
import type { Database } from '@nj/db';
import type { RateLimiter } from '../accounts/rate-limiter.ts';
import { authorize, ownCuid } from '../policies/policy.ts';
import type { Actor } from '../policies/actor.ts';
import { staffPolicy } from '../policies/ticket.ts';
import { presentAuditEntry } from './present-staff-row.ts';
import { staffDbRepository } from './staff-db-repository.ts';
import { requireStaffNotLimited } from './staff-rate-limits.ts';

/**
 * The staff audit log, newest first (issue 14 'shown per record and in a staff-only audit page'; decision 026):
 * every row of `staff_audit_log` (edits of the database view and the staff's ticket actions and notes), 20 a page,
 * of one table (`rtable`) and/or one record (`rkey`) when given. Read-only: the log has no call that changes it.
 * @returns `{ page, pages, total, page_size, entries }`; each entry: id, created_at (ISO), actor_cuid and name,
 *   action, rtable, rkey, rcolumn, old_value, new_value (JSON values as stored), reason, tuid
 * @throws AppError UNAUTHORIZED / FORBIDDEN (staffPolicy 'audit': support users only); RATE_LIMITED
 */
export async function listStaffAudit(
  deps: { database: Database; limiter: RateLimiter },
  input: { actor: Actor; page: number; rtable?: string; rkey?: string },
): Promise<StaffAuditPage> {
  authorize(input.actor, staffPolicy, 'audit');
  await requireStaffNotLimited(deps.limiter, 'read', ownCuid(input.actor));
  const page = Math.max(1, Math.floor(input.page));
  const { rows, total } = await staffDbRepository.auditPage(deps.database, {
    rtable: input.rtable, rkey: input.rkey, limit: STAFF_DB_PAGE_SIZE, offset: (page - 1) * STAFF_DB_PAGE_SIZE,
  });
  return {
    page, pages: Math.max(1, Math.ceil(total / STAFF_DB_PAGE_SIZE)), total, page_size: STAFF_DB_PAGE_SIZE,
    entries: rows.map((r) => presentAuditEntry(r)),
  };
}
