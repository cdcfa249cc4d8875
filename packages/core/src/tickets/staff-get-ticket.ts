import { STAFF_PANEL_MESSAGES as M, type TStaffTicket } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { authorize, ownCuid } from '../policies/policy.ts';
import { ticketPolicy } from '../policies/ticket.ts';
import { assertTuid, requireStaffTicketNotLimited, type StaffDeps } from './staff-ticket-access.ts';
import { presentStaffTicket, staffTicketsRepository } from './staff-tickets-repository.ts';

/**
 * One ticket as support reads it (GET /v1/tickets/assigned/{tuid}; issue 14 '/tickets/:tuid'): title, category,
 * description, status, assignee, the author (nickname, e-mail, identity and agent flags), the listing (title, folio,
 * last verification), the rent, the day picked and, once completed, the completion fields. Support only.
 * @returns TStaffTicket
 * @throws AppError UNAUTHORIZED / FORBIDDEN (ticketPolicy 'queue'); BAD_REQUEST / NOT_FOUND 'El id del ticket es
 *   inválido'; RATE_LIMITED
 */
export async function getStaffTicket(deps: Pick<StaffDeps, 'database' | 'limiter'>, input: { actor: Actor; tuid: string }): Promise<TStaffTicket> {
  authorize(input.actor, ticketPolicy, 'queue');
  assertTuid(input.tuid);
  await requireStaffTicketNotLimited(deps.limiter, input.actor, 'reads');
  const row = await staffTicketsRepository.detail(deps.database, input.tuid);
  if (!row) throw new AppError('NOT_FOUND', M.invalidTuid);
  return presentStaffTicket(row, ownCuid(input.actor));
}
