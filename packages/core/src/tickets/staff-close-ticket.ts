import { STAFF_PANEL_MESSAGES as M } from '@nj/contracts';
import type { Actor } from '../policies/actor.ts';
import { authorize, ownCuid } from '../policies/policy.ts';
import { ticketPolicy } from '../policies/ticket.ts';
import { writeStaffAudit } from '../staff-db/write-staff-audit.ts';
import { appendTicketMessage } from './append-ticket-message.ts';
import { lockStaffTicket, requireStaffTicketNotLimited, type StaffDeps } from './staff-ticket-access.ts';
import { staffTicketsRepository } from './staff-tickets-repository.ts';

/**
 * A support user closes ticket `tuid` without acting on a record (PUT /v1/tickets/{tuid}/close; spec 02 §5; issue
 * 14): status closed (Cerrado), outcome 'closed', closed_at now, assigned to the caller when nobody was; an audit
 * row 'close' (old and new status) and a system message to the author ('El equipo de soporte cerró tu ticket.',
 * published after the commit), in one transaction.
 * @throws AppError UNAUTHORIZED / FORBIDDEN (ticketPolicy 'close'); BAD_REQUEST / NOT_FOUND 'El id del ticket es
 *   inválido'; CONFLICT when already closed or held by another support user; RATE_LIMITED (staff actions per cuid)
 */
export async function closeTicket(deps: StaffDeps, input: { actor: Actor; tuid: string }): Promise<void> {
  authorize(input.actor, ticketPolicy, 'close');
  await requireStaffTicketNotLimited(deps.limiter, input.actor, 'actions');
  const me = ownCuid(input.actor);
  const publish = await deps.database.db.transaction().execute(async (trx) => {
    const ticket = await lockStaffTicket(trx, input.tuid, me);
    await staffTicketsRepository.update(trx, ticket.tuid, { status: 'closed', assigned_cuid: ticket.assigned_cuid ?? me, outcome: 'closed', closed: true });
    await writeStaffAudit(trx, {
      actorCuid: me, action: 'close', rtable: 'tickets', rkey: ticket.tuid, rcolumn: 'status', oldValue: ticket.status, newValue: 'closed', tuid: ticket.tuid,
    });
    const sent = await appendTicketMessage({ database: deps.database, events: deps.chatEvents },
      { tuid: ticket.tuid, fromCuid: null, fromStaff: true, cat: 'system', text: M.systemClosed }, trx);
    return sent.publish;
  });
  publish();
}
