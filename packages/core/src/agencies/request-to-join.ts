import { randomBytes } from 'node:crypto';
import type { Database } from '@nj/db';
import { AGENCY_MESSAGES as M, type TAgentProcess } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { agencyPolicy } from '../policies/agency.ts';
import { ownRecords } from '../policies/policy.ts';
import { agenciesRepository, presentMembership } from './agencies-repository.ts';
import { isUniqueViolation } from './create-agency.ts';

/**
 * POST /v1/agencies/{uid}/register (issue 15; spec 03 §7): the signed-in client asks to be an agent of agency `auid`;
 * the request waits as 'pending' until the agency's administrator approves it (the AG ticket of support may verify
 * the agent later; decision 028). One agency at a time: a client with a membership that is not removed is refused.
 * @returns the new request (GET /v1/client/agent-process shows it too)
 * @throws AppError UNAUTHORIZED; NOT_FOUND 'No encontramos esa agencia'; CONFLICT 'Ya perteneces a una agencia…'
 */
export async function requestToJoinAgency(database: Database, input: { actor: Actor; auid: string }): Promise<TAgentProcess> {
  const cuid = ownRecords(input.actor, agencyPolicy, 'join');
  const agentUid = `am${randomBytes(8).toString('hex')}`;
  await database.db.transaction().execute(async (trx) => {
    const agency = await agenciesRepository.find(trx, input.auid);
    if (!agency || agency.kind !== 'agency') throw new AppError('NOT_FOUND', M.notFound);
    if (await agenciesRepository.currentMembership(trx, cuid)) throw new AppError('CONFLICT', M.alreadyMember);
    try {
      await agenciesRepository.insertMembership(trx, { agent_uid: agentUid, auid: input.auid, cuid });
    } catch (e) {
      if (isUniqueViolation(e)) throw new AppError('CONFLICT', M.alreadyMember);
      throw e;
    }
  });
  return presentMembership((await agenciesRepository.findMembership(database, agentUid))!);
}
