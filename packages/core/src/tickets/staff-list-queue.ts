import { STAFF_QUEUE_PAGE_SIZE, type TStaffQueuePage, type TStaffQueueView, type TTicketCategory, type TTicketStatus } from '@nj/contracts';
import type { Actor } from '../policies/actor.ts';
import { authorize, ownCuid } from '../policies/policy.ts';
import { ticketPolicy } from '../policies/ticket.ts';
import { requireStaffTicketNotLimited, type StaffDeps } from './staff-ticket-access.ts';
import { presentQueueItem, staffTicketsRepository } from './staff-tickets-repository.ts';

/**
 * The support queue (GET /v1/tickets/assigned?page&view&category&status; spec 02 §7; issue 14 '/tickets'):
 * `view` unassigned (nobody assigned, not closed), mine (assigned to the caller) or all, optional category and
 * status filters, pages of STAFF_QUEUE_PAGE_SIZE (20), newest first, each with the author's nickname and the
 * listing's title. Support only; counted against the caller's staff read limit.
 * @returns TStaffQueuePage `{ tickets, page, pages, total }`
 * @throws AppError UNAUTHORIZED / FORBIDDEN (ticketPolicy 'queue'); RATE_LIMITED
 */
export async function listStaffQueue(
  deps: Pick<StaffDeps, 'database' | 'limiter'>,
  input: { actor: Actor; view: TStaffQueueView; category?: TTicketCategory | undefined; status?: TTicketStatus | undefined; page: number },
): Promise<TStaffQueuePage> {
  authorize(input.actor, ticketPolicy, 'queue');
  await requireStaffTicketNotLimited(deps.limiter, input.actor, 'reads');
  const { rows, total } = await staffTicketsRepository.queue(deps.database, {
    staffCuid: ownCuid(input.actor), view: input.view, category: input.category, status: input.status,
    limit: STAFF_QUEUE_PAGE_SIZE, offset: (input.page - 1) * STAFF_QUEUE_PAGE_SIZE,
  });
  return { tickets: rows.map(presentQueueItem), page: input.page, pages: Math.ceil(total / STAFF_QUEUE_PAGE_SIZE), total };
}
