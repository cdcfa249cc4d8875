import type { Database } from '@nj/db';
import type { TAgentProcess } from '@nj/contracts';
import type { Actor } from '../policies/actor.ts';
import { agencyPolicy } from '../policies/agency.ts';
import { ownRecords } from '../policies/policy.ts';
import { agenciesRepository, presentMembership } from './agencies-repository.ts';

/**
 * GET /v1/client/agent-process?agency_uid (issue 15; spec 03 §7): the signed-in client's request to be an agent —
 * of agency `auid` when given (the latest, removed included), else their current one — or null when there is none.
 * @throws AppError UNAUTHORIZED unless signed in
 */
export async function getAgentProcess(database: Database, input: { actor: Actor; auid?: string | undefined }): Promise<TAgentProcess | null> {
  const cuid = ownRecords(input.actor, agencyPolicy, 'read_own');
  const m = input.auid ? await agenciesRepository.membershipIn(database, input.auid, cuid) : await agenciesRepository.currentMembership(database, cuid);
  return m ? presentMembership(m) : null;
}
