import type { Database } from '@nj/db';
import { ASSOCIATION_MESSAGES as M, type MemberUpdate, type TAssociationMember } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { loadAssociationFor } from './association-access.ts';
import { associationsRepository } from './associations-repository.ts';
import { presentMember } from './list-association-members.ts';

/**
 * POST /v1/associations/{asso_uid}/members/{auid}/{typeOfUpdate} (issue 15 /associations-control-panel; decision 029):
 * the association's administrator approves a pending request (pending → approved) or removes a request or a member
 * (→ removed, kept as history; the agency may ask again). The agency's listings and agents join or leave the
 * association's site and directory at once (they are read per request).
 * @returns the membership now, with the agency's counts
 * @throws AppError UNAUTHORIZED; FORBIDDEN; NOT_FOUND the association or 'Esa agencia no pidió entrar a tu asociación'
 *   (also a removed one asked to be approved);
 *   CONFLICT 'La agencia ya está en ese estado'
 */
export async function decideAssociationMember(database: Database, input: { actor: Actor; assoUid: string; auid: string; update: MemberUpdate }): Promise<TAssociationMember> {
  await database.db.transaction().execute(async (trx) => {
    await loadAssociationFor(trx, input.actor, input.assoUid, true);
    const member = await associationsRepository.findMember(trx, input.assoUid, input.auid, true);
    if (!member) throw new AppError('NOT_FOUND', M.memberNotFound);
    const next = input.update === 'approve' ? 'approved' : 'removed';
    // A removed agency must ask again before it can be approved.
    if (input.update === 'approve' && member.status === 'removed') throw new AppError('NOT_FOUND', M.memberNotFound);
    if (member.status === next) throw new AppError('CONFLICT', M.alreadyInState);
    await associationsRepository.setStatus(trx, input.assoUid, input.auid, next, input.actor.cuid!);
  });
  const [row] = await associationsRepository.listMembers(database, input.assoUid, { auid: input.auid, limit: 1, offset: 0 });
  return presentMember(row!);
}
