import { STAFF_PANEL_MESSAGES as M, type TCompleteTicketBody } from '@nj/contracts';
import type { Actor } from '../policies/actor.ts';
import { authorize, ownCuid } from '../policies/policy.ts';
import { ticketPolicy } from '../policies/ticket.ts';
import { writeStaffAudit } from '../staff-db/write-staff-audit.ts';
import { appendTicketMessage } from './append-ticket-message.ts';
import { applyTicketCompletion } from './staff-completion-actions.ts';
import { lockStaffTicket, requireStaffTicketNotLimited, type StaffDeps } from './staff-ticket-access.ts';
import { staffTicketsRepository } from './staff-tickets-repository.ts';

/**
 * A support user completes ticket `tuid` (POST /v1/tickets/{tuid}/complete; spec 03 §3 'Ticket (support)'
 * completion fields; issue 14): in ONE transaction, acts on the category's record (applyTicketCompletion: LP the
 * listing's folio and last verification, ID the identity process, CR the investigation decision, OS the guarantor,
 * AG the agent flag; AY/RF/PG/FE a resolution text), marks the ticket closed with outcome 'completed' and the
 * completion fields, assigns it to the caller when nobody had it, writes the audit rows ('complete' for the ticket
 * and one per changed column of the record, with the ticket's id) and the system message to the author
 * ('El equipo de soporte completó tu ticket…'), published after the commit. Any failure leaves everything unchanged.
 * @returns the stored completion fields
 * @throws AppError UNAUTHORIZED / FORBIDDEN (ticketPolicy 'complete'); BAD_REQUEST / NOT_FOUND 'El id del ticket es
 *   inválido'; CONFLICT when closed or held by another support user; the category's errors (applyTicketCompletion); RATE_LIMITED
 */
export async function completeTicket(
  deps: StaffDeps,
  input: { actor: Actor; tuid: string; body: TCompleteTicketBody },
): Promise<{ completion: Record<string, unknown> }> {
  authorize(input.actor, ticketPolicy, 'complete');
  await requireStaffTicketNotLimited(deps.limiter, input.actor, 'actions');
  const me = ownCuid(input.actor);
  const result = await deps.database.db.transaction().execute(async (trx) => {
    const ticket = await lockStaffTicket(trx, input.tuid, me);
    const done = await applyTicketCompletion({ trx, database: deps.database, actor: input.actor, ticket, body: input.body });
    await staffTicketsRepository.update(trx, ticket.tuid, {
      status: 'closed', assigned_cuid: ticket.assigned_cuid ?? me, outcome: 'completed', completion: done.completion, closed: true,
    });
    await writeStaffAudit(trx, {
      actorCuid: me, action: 'complete', rtable: 'tickets', rkey: ticket.tuid, rcolumn: 'status', oldValue: ticket.status, newValue: 'closed',
      reason: input.body.comment ?? input.body.decision ?? null, tuid: ticket.tuid,
    });
    for (const row of done.audits) await writeStaffAudit(trx, { ...row, actorCuid: me, tuid: ticket.tuid });
    const sent = await appendTicketMessage({ database: deps.database, events: deps.chatEvents },
      { tuid: ticket.tuid, fromCuid: null, fromStaff: true, cat: 'system', text: M.systemCompleted(done.resolution) }, trx);
    return { completion: done.completion, publish: sent.publish };
  });
  result.publish();
  return { completion: result.completion };
}
