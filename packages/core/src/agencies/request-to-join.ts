import { randomBytes } from 'node:crypto';
import type { Database } from '@nj/db';
import { AGENCY_MESSAGES as M, type TAgentProcess } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { agencyPolicy } from '../policies/agency.ts';
import { ownRecords } from '../policies/policy.ts';
import type { ChatEvents } from '../rents/chat-events.ts';
import { appendTicketMessage } from '../tickets/append-ticket-message.ts';
import { newTicketId, ticketsRepository } from '../tickets/tickets-repository.ts';
import { ticketTables } from '../tickets/tickets-tables.ts';
import { agenciesRepository, presentMembership } from './agencies-repository.ts';
import { agencyTables, type AgencyDb } from './agencies-tables.ts';
import { isUniqueViolation } from './create-agency.ts';

/**
 * Opens the AG (agent verification) ticket of a join request in the request's transaction, authored by the client
 * (decision 029): a new ticket, or, when the client already has an AG ticket that is not closed, a message on it
 * (so repeated requests do not flood the support queue). Links the request to the ticket (agency_agents.ag_tuid).
 * @returns the message's publish function (run after commit), or null for a new ticket
 */
async function openAgentTicket(deps: { database: Database; events?: ChatEvents | undefined }, trx: AgencyDb, input: { cuid: string; agentUid: string; agencyName: string }): Promise<(() => void) | null> {
  const open = await ticketTables(trx).selectFrom('tickets').select('tuid')
    .where('author_cuid', '=', input.cuid).where('category', '=', 'AG').where('status', '<>', 'closed')
    .orderBy('created_at', 'desc').executeTakeFirst();
  let tuid = open?.tuid;
  let publish: (() => void) | null = null;
  if (tuid) {
    const appended = await appendTicketMessage({ database: deps.database, events: deps.events ?? NO_EVENTS }, { tuid, fromCuid: input.cuid, fromStaff: false, cat: 'msg', text: M.agTicketAgain(input.agencyName) }, trx as never);
    publish = appended.publish;
  } else {
    tuid = newTicketId('t_');
    await ticketsRepository.insert(trx as never, {
      tuid, author_cuid: input.cuid, title: M.agTicketTitle(input.agencyName), category: 'AG', description: M.agTicketDescription(input.agencyName),
      puid: null, ruid: null, event_date: null,
    });
  }
  await agencyTables(trx).updateTable('agency_agents').set({ ag_tuid: tuid }).where('agent_uid', '=', input.agentUid).execute();
  return publish;
}

/** Events for callers without the chat's publisher (tests, scripts): nothing is published. */
const NO_EVENTS = { publishTicketMessage: () => undefined } as unknown as ChatEvents;

/**
 * POST /v1/agencies/{uid}/register (issue 15; spec 03 §7): the signed-in client asks to be an agent of agency `auid`;
 * the request waits as 'pending' until the agency's administrator approves it. The request also opens a support
 * ticket of category AG (agent verification) authored by the client, or adds a message to their open AG ticket
 * (decision 029): support's completion of it marks the request verified or not ('Asesor verificado' in the agency's
 * panel); the agency's approval still decides the seat. One agency at a time: a client with a membership that is not
 * removed is refused.
 * @param deps the database and, to publish a message on an open AG ticket live, the chat events (AppServices.chatEvents)
 * @returns the new request (GET /v1/client/agent-process shows it too)
 * @throws AppError UNAUTHORIZED; NOT_FOUND 'No encontramos esa agencia'; CONFLICT 'Ya perteneces a una agencia…'
 */
export async function requestToJoinAgency(deps: Database | { database: Database; events?: ChatEvents | undefined }, input: { actor: Actor; auid: string }): Promise<TAgentProcess> {
  const d = 'database' in deps ? deps : { database: deps };
  const database = d.database;
  const cuid = ownRecords(input.actor, agencyPolicy, 'join');
  const agentUid = `am${randomBytes(8).toString('hex')}`;
  const publish = await database.db.transaction().execute(async (trx) => {
    const agency = await agenciesRepository.find(trx, input.auid);
    if (!agency || agency.kind !== 'agency') throw new AppError('NOT_FOUND', M.notFound);
    if (await agenciesRepository.currentMembership(trx, cuid)) throw new AppError('CONFLICT', M.alreadyMember);
    try {
      await agenciesRepository.insertMembership(trx, { agent_uid: agentUid, auid: input.auid, cuid });
    } catch (e) {
      if (isUniqueViolation(e)) throw new AppError('CONFLICT', M.alreadyMember);
      throw e;
    }
    return openAgentTicket(d, trx, { cuid, agentUid, agencyName: agency.name });
  });
  publish?.();
  return presentMembership((await agenciesRepository.findMembership(database, agentUid))!);
}
