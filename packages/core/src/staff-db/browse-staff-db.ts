import { STAFF_DB_PAGE_SIZE, type StaffDbPage, type StaffDbTable } from '@nj/contracts';
import type { Database } from '@nj/db';
import type { RateLimiter } from '../accounts/rate-limiter.ts';
import { ownCuid, authorize } from '../policies/policy.ts';
import type { Actor } from '../policies/actor.ts';
import { staffPolicy } from '../policies/ticket.ts';
import { presentStaffRow } from './present-staff-row.ts';
import { staffDbRepository } from './staff-db-repository.ts';
import { requireStaffNotLimited } from './staff-rate-limits.ts';

/**
 * One page of the staff database view (issue 14 'The database view'; spec 03 §7 POST /v1/tickets/db; decision 026):
 * `rtable` clients | properties | transactions, newest first, STAFF_DB_PAGE_SIZE (20) rows a page, filtered by
 * `search` (clients: id, e-mail, nickname, phone digits — registered clients only unless the exact id; properties:
 * id, code 'NJ-…', title, colonia; transactions: transaction, rent or client id). Rows carry exactly the table's
 * STAFF_DB_COLUMNS (never password hashes, sessions or sealed documents); money in centavos, due dates as Mexico
 * City days, times ISO.
 * @returns `{ rtable, page, pages, total, page_size, rows }` (a page past the end has no rows)
 * @throws AppError UNAUTHORIZED / FORBIDDEN (staffPolicy 'browse': support users only); RATE_LIMITED
 */
export async function browseStaffDb(
  deps: { database: Database; limiter: RateLimiter },
  input: { actor: Actor; rtable: StaffDbTable; page: number; search: string },
): Promise<StaffDbPage> {
  authorize(input.actor, staffPolicy, 'browse');
  await requireStaffNotLimited(deps.limiter, 'read', ownCuid(input.actor));
  const page = Math.max(1, Math.floor(input.page));
  const { rows, total } = await staffDbRepository.browse(deps.database, input.rtable, input.search, STAFF_DB_PAGE_SIZE, (page - 1) * STAFF_DB_PAGE_SIZE);
  return {
    rtable: input.rtable,
    page,
    pages: Math.max(1, Math.ceil(total / STAFF_DB_PAGE_SIZE)),
    total,
    page_size: STAFF_DB_PAGE_SIZE,
    rows: rows.map((r) => presentStaffRow(input.rtable, r)),
  };
}
