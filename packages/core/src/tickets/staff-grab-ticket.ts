import { STAFF_PANEL_MESSAGES as M } from '@nj/contracts';
import type { Actor } from '../policies/actor.ts';
import { authorize, ownCuid } from '../policies/policy.ts';
import { ticketPolicy } from '../policies/ticket.ts';
import { writeStaffAudit } from '../staff-db/write-staff-audit.ts';
import { appendTicketMessage } from './append-ticket-message.ts';
import { lockStaffTicket, requireStaffTicketNotLimited, type StaffDeps } from './staff-ticket-access.ts';
import { staffTicketsRepository } from './staff-tickets-repository.ts';

/**
 * A support user takes ticket `tuid` (PUT /v1/tickets/{tuid}/grab; spec 02 §5 'grab (assign to self)'; issue 14):
 * assigned to the caller, status in_process (En proceso), an audit row 'grab' (old and new assignee) and a system
 * message to the author ('El equipo de soporte tomó tu ticket…', published in real time after the commit), all in one
 * transaction. A ticket another support user holds is refused (409); taking one's own again changes nothing (no row,
 * no message).
 * @returns `{ changed }`
 * @throws AppError UNAUTHORIZED / FORBIDDEN (ticketPolicy 'grab'); BAD_REQUEST / NOT_FOUND 'El id del ticket es
 *   inválido'; CONFLICT when the ticket is closed or another support user holds it; RATE_LIMITED (staff actions per cuid)
 */
export async function grabTicket(deps: StaffDeps, input: { actor: Actor; tuid: string }): Promise<{ changed: boolean }> {
  authorize(input.actor, ticketPolicy, 'grab');
  await requireStaffTicketNotLimited(deps.limiter, input.actor, 'actions');
  const me = ownCuid(input.actor);
  const result = await deps.database.db.transaction().execute(async (trx) => {
    const ticket = await lockStaffTicket(trx, input.tuid, me);
    if (ticket.assigned_cuid === me && ticket.status === 'in_process') return { changed: false, publish: () => {} };
    await staffTicketsRepository.update(trx, ticket.tuid, { status: 'in_process', assigned_cuid: me });
    await writeStaffAudit(trx, {
      actorCuid: me, action: 'grab', rtable: 'tickets', rkey: ticket.tuid, rcolumn: 'assigned_cuid',
      oldValue: ticket.assigned_cuid, newValue: me, tuid: ticket.tuid,
    });
    const sent = await appendTicketMessage({ database: deps.database, events: deps.chatEvents },
      { tuid: ticket.tuid, fromCuid: null, fromStaff: true, cat: 'system', text: M.systemGrabbed }, trx);
    return { changed: true, publish: sent.publish };
  });
  result.publish();
  return { changed: result.changed };
}
