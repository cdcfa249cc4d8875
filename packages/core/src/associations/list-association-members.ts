import type { Database } from '@nj/db';
import { ASSOCIATION_MEMBERS_PAGE_SIZE, ASSOCIATION_MESSAGES as M, profilePhotoUrls, type TAssociationMember, type TAssociationMembersPage, type TMemberAgentsPage } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import { logoUrl } from '../agencies/agencies-repository.ts';
import type { Actor } from '../policies/actor.ts';
import { loadAssociationFor } from './association-access.ts';
import { associationsRepository } from './associations-repository.ts';

/**
 * GET /v1/associations/{asso_uid}/members?status&page (issue 15 /associations-control-panel: 'member agencies, their
 * agents, listings count'; decision 029): the association's approved members (status approved, the default) or its
 * requests in review (pending), oldest request first, ASSOCIATION_MEMBERS_PAGE_SIZE a page, each with its approved
 * agents and its listings (decision 028's: published by its administrator or an approved agent, or assigned to one).
 * Only the association's administrator.
 * @throws AppError UNAUTHORIZED; FORBIDDEN; NOT_FOUND 'No encontramos esa asociación'
 */
export async function listAssociationMembers(database: Database, input: { actor: Actor; assoUid: string; status: 'pending' | 'approved'; page: number }): Promise<TAssociationMembersPage> {
  await loadAssociationFor(database, input.actor, input.assoUid);
  const size = ASSOCIATION_MEMBERS_PAGE_SIZE;
  const rows = await associationsRepository.listMembers(database, input.assoUid, { status: input.status, limit: size + 1, offset: (input.page - 1) * size });
  return { members: rows.slice(0, size).map(presentMember), page: input.page, has_more: rows.length > size };
}

/** A row of associationsRepository.listMembers as ZAssociationMember. */
export function presentMember(r: Awaited<ReturnType<typeof associationsRepository.listMembers>>[number]): TAssociationMember {
  return {
    auid: r.auid, name: r.name, kind: r.kind, logo: logoUrl(r.logo_name), mexican_state: r.mexican_state, status: r.status,
    requested_at: new Date(r.requested_at).toISOString(), decided_at: r.decided_at ? new Date(r.decided_at).toISOString() : null,
    agents_count: Number(r.agents_count), listings_count: Number(r.listings_count),
  };
}

/**
 * GET /v1/associations/{asso_uid}/members/{auid}/agents?page (decision 029): the approved agents of a member agency
 * (approved or in review) of the association, by nickname, ASSOCIATION_MEMBERS_PAGE_SIZE a page: nickname, photo and
 * support's verification. Only the association's administrator.
 * @throws AppError UNAUTHORIZED; FORBIDDEN; NOT_FOUND the association, or 'Esa agencia no pidió entrar a tu asociación'
 */
export async function listMemberAgents(database: Database, input: { actor: Actor; assoUid: string; auid: string; page: number }): Promise<TMemberAgentsPage> {
  await loadAssociationFor(database, input.actor, input.assoUid);
  const member = await associationsRepository.findMember(database, input.assoUid, input.auid);
  if (!member || member.status === 'removed') throw new AppError('NOT_FOUND', M.memberNotFound);
  const size = ASSOCIATION_MEMBERS_PAGE_SIZE;
  const rows = await associationsRepository.memberAgents(database, input.auid, size + 1, (input.page - 1) * size);
  return {
    agents: rows.slice(0, size).map((r) => ({ nickname: r.nickname, photo: profilePhotoUrls(r.profile_photo_name)?.thumbUrl ?? null, verified: r.verified === true })),
    page: input.page, has_more: rows.length > size,
  };
}
