import { sql } from 'kysely';
import type { Database } from '@nj/db';
import { AGENCY_MESSAGES as M, type AgentUpdate, type TAgentProcess } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { agencyPolicy } from '../policies/agency.ts';
import { authorize } from '../policies/policy.ts';
import { agenciesRepository, presentMembership, seatsInForce } from './agencies-repository.ts';
import { agencyRecord } from './agency-access.ts';

const TARGET = { approve: 'approved', suspend: 'suspended', remove: 'removed' } as const;

/**
 * POST /v1/agencies/{agent_uid}/{typeOfUpdate} (issue 15; spec 03 §7): the agency's administrator approves, suspends
 * or removes one of its agents. Approving needs a free seat (approved agents < seats in force, checked with the
 * agency row locked so two approvals never share the last seat) and sets the client's is_agent flag; suspending or
 * removing clears it and takes the agent off the agency's listings assigned to them (they go back to the listing's
 * owner). A removed agent may ask to join again (a new request).
 * @returns the membership now
 * @throws AppError UNAUTHORIZED; NOT_FOUND 'No encontramos a ese asesor en tu agencia' (unknown, or another
 *   agency's to anyone but its administrator); FORBIDDEN 'Solo el administrador…'; CONFLICT 'El asesor ya está en
 *   ese estado', 'Ese asesor ya fue dado de baja…', the seats message ('Ya usaste los N lugares…')
 */
export async function decideAgent(database: Database, input: { actor: Actor; agentUid: string; update: AgentUpdate }): Promise<TAgentProcess> {
  authorize(input.actor, agencyPolicy, 'manage');
  const target = TARGET[input.update];
  await database.db.transaction().execute(async (trx) => {
    const m = await agenciesRepository.findMembership(trx, input.agentUid);
    if (!m) throw new AppError('NOT_FOUND', M.agentNotFound);
    const agency = (await agenciesRepository.find(trx, m.auid, true))!;
    const record = await agencyRecord(trx, input.actor, agency);
    if (record.admin_cuid !== input.actor.cuid) throw new AppError('NOT_FOUND', M.agentNotFound);
    authorize(input.actor, agencyPolicy, 'manage', record);
    const current = (await agenciesRepository.findMembership(trx, input.agentUid, true))!;
    if (current.status === 'removed') throw new AppError('CONFLICT', M.removedFinal);
    if (current.status === target) throw new AppError('CONFLICT', M.alreadyInState);
    if (target === 'approved') {
      const seats = seatsInForce(agency);
      if (await agenciesRepository.countApproved(trx, agency.auid) >= seats) throw new AppError('CONFLICT', M.seatsFull(seats));
    }
    await agenciesRepository.setStatus(trx, input.agentUid, target, input.actor.cuid!);
    await agenciesRepository.setAgentFlag(trx, current.cuid, target === 'approved');
    if (target !== 'approved') {
      // The agency's listings assigned to this agent go back to their owners.
      await sql`UPDATE properties SET agent_cuid = NULL WHERE agent_cuid = ${current.cuid} AND owner_cuid IS DISTINCT FROM ${current.cuid}
        AND (owner_cuid = ${agency.admin_cuid} OR owner_cuid IN (SELECT cuid FROM agency_agents WHERE auid = ${agency.auid} AND status = 'approved'))`.execute(trx);
    }
  });
  return presentMembership((await agenciesRepository.findMembership(database, input.agentUid))!);
}
