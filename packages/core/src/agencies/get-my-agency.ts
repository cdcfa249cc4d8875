import type { Database } from '@nj/db';
import type { TMyAgency } from '@nj/contracts';
import type { Actor } from '../policies/actor.ts';
import { agencyPolicy } from '../policies/agency.ts';
import { ownRecords } from '../policies/policy.ts';
import { agenciesRepository, presentAgency, presentMembership } from './agencies-repository.ts';

/**
 * GET /v1/agencies/my (issue 15; spec 03 §7): the agency the signed-in client administers (null when none), their
 * own agent membership that is not removed (pending, approved or suspended; null when none) and, when approved, that
 * agency as an agent sees it (`member_agency`).
 * @throws AppError UNAUTHORIZED unless signed in
 */
export async function getMyAgency(database: Database, input: { actor: Actor }): Promise<TMyAgency> {
  const cuid = ownRecords(input.actor, agencyPolicy, 'read_own');
  const [own, membership] = await Promise.all([agenciesRepository.findByAdmin(database, cuid), agenciesRepository.currentMembership(database, cuid)]);
  const agency = own ? presentAgency(own, 'admin', await agenciesRepository.countApproved(database, own.auid)) : null;
  let member = null;
  if (membership?.status === 'approved') {
    const row = await agenciesRepository.find(database, membership.auid);
    if (row) member = presentAgency(row, 'agent', await agenciesRepository.countApproved(database, row.auid));
  }
  return { agency, membership: membership ? presentMembership(membership) : null, member_agency: member };
}
