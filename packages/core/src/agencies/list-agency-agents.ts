import type { Database } from '@nj/db';
import { AGENCY_LIMITS, profilePhotoUrls, type TAgencyAgentsPage } from '@nj/contracts';
import type { Actor } from '../policies/actor.ts';
import { agenciesRepository, seatsInForce } from './agencies-repository.ts';
import { loadAgencyFor } from './agency-access.ts';

/**
 * GET /v1/agencies/{auid}/agents?page&approved (issue 15; spec 03 §3 Agency 'agents (each with an approved flag)',
 * §7): the agency's agents that are not removed, oldest request first, AGENCY_LIMITS.pageSize a page; `approved`
 * true keeps the approved ones, false the pending and suspended ones. With the seats in force and those in use.
 * Only the administrator (e-mails of the agents are shown to them). `verified`: support's AG verification (decision 029).
 * @throws AppError UNAUTHORIZED; NOT_FOUND; FORBIDDEN 'Solo el administrador de la agencia…'
 */
export async function listAgencyAgents(database: Database, input: { actor: Actor; auid: string; page: number; approved?: boolean | undefined }): Promise<TAgencyAgentsPage> {
  const { agency } = await loadAgencyFor(database, input.actor, input.auid, 'manage');
  const size = AGENCY_LIMITS.pageSize;
  const rows = await agenciesRepository.listAgents(database, input.auid, { approved: input.approved, limit: size + 1, offset: (input.page - 1) * size });
  return {
    agents: rows.slice(0, size).map((r) => ({
      agent_uid: r.agent_uid, cuid: r.cuid, nickname: r.nickname, email: r.email, photo: profilePhotoUrls(r.profile_photo_name)?.thumbUrl ?? null,
      status: r.status, approved: r.status === 'approved', requested_at: r.requested_at.toISOString(), verified: r.verified,
    })),
    page: input.page, has_more: rows.length > size,
    seats: { bought: seatsInForce(agency), used: await agenciesRepository.countApproved(database, input.auid) },
  };
}
