import type { Database } from '@nj/db';
import { ASSOCIATION_MESSAGES as M, type TAgencyAssociation, type TAgencyAssociations } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import { agenciesRepository, logoUrl } from '../agencies/agencies-repository.ts';
import { loadAgencyFor } from '../agencies/agency-access.ts';
import type { Actor } from '../policies/actor.ts';
import { associationPolicy } from '../policies/association.ts';
import { ownRecords } from '../policies/policy.ts';
import { associationsRepository } from './associations-repository.ts';

/**
 * POST /v1/associations/{asso_uid}/register (issue 15: an agency asks to join an association; decision 029): the
 * caller asks, for the agency they administer, to join association `assoUid` (pending until its administrator
 * decides). For the super association, whose members are associations, the caller asks for the association they
 * administer instead. A removed membership may be asked for again.
 * @returns the caller's memberships after the request (as GET /v1/agencies/{auid}/associations)
 * @throws AppError UNAUTHORIZED; NOT_FOUND 'No encontramos esa asociación'; BAD_REQUEST 'Primero crea tu agencia…' /
 *   'Solo una asociación puede pedir entrar a la federación'; CONFLICT 'Tu agencia ya es miembro…'
 */
export async function requestAssociationMembership(database: Database, input: { actor: Actor; assoUid: string }): Promise<TAgencyAssociations> {
  const cuid = ownRecords(input.actor, associationPolicy, 'join');
  const member = await database.db.transaction().execute(async (trx) => {
    const asso = await agenciesRepository.find(trx, input.assoUid);
    if (!asso || asso.kind !== 'association') throw new AppError('NOT_FOUND', M.notFound);
    const own = await agenciesRepository.findByAdmin(trx, cuid, asso.is_super ? 'association' : 'agency');
    if (!own) throw new AppError('BAD_REQUEST', asso.is_super ? M.needAssociation : M.needAgency);
    if (own.auid === asso.auid || own.is_super) throw new AppError('BAD_REQUEST', M.needAssociation);
    const current = await associationsRepository.findMember(trx, asso.auid, own.auid, true);
    if (current && current.status !== 'removed') throw new AppError('CONFLICT', M.alreadyRequested);
    await associationsRepository.request(trx, asso.auid, own.auid);
    return own.auid;
  });
  return { associations: await membershipsOf(database, member) };
}

/** Agency (or association) `auid`'s memberships of associations, newest request first. */
async function membershipsOf(database: Database, auid: string): Promise<TAgencyAssociation[]> {
  const rows = await associationsRepository.agencyMemberships(database, auid);
  return rows.map((r) => ({
    asso_uid: r.asso_uid, name: r.name, logo: logoUrl(r.logo_name), mexican_state: r.mexican_state, status: r.status,
    requested_at: new Date(r.requested_at).toISOString(), decided_at: r.decided_at ? new Date(r.decided_at).toISOString() : null,
  }));
}

/**
 * GET /v1/agencies/{auid}/associations (decision 029): the associations the agency asked to join and each request's
 * state (pending, approved, removed), newest first. Only the agency's administrator.
 * @throws AppError UNAUTHORIZED; NOT_FOUND 'No encontramos esa agencia'; FORBIDDEN 'Solo el administrador de la agencia…'
 */
export async function listAgencyAssociations(database: Database, input: { actor: Actor; auid: string }): Promise<TAgencyAssociations> {
  await loadAgencyFor(database, input.actor, input.auid, 'manage');
  return { associations: await membershipsOf(database, input.auid) };
}
