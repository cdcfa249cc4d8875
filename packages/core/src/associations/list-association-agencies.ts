import type { Database } from '@nj/db';
import { AGENCY_LIMITS, ASSOCIATION_MESSAGES as M, type TAgenciesPage } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import { agenciesRepository, presentAgencySummary } from '../agencies/agencies-repository.ts';
import type { Actor } from '../policies/actor.ts';
import { associationPolicy } from '../policies/association.ts';
import { authorize } from '../policies/policy.ts';
import { associationsRepository } from './associations-repository.ts';

/**
 * GET /v1/agencies?asso=<asso_uid>&search&page (issue 15; spec 03 §7 GET /v1/agencies?asso): the association's
 * approved member agencies (for the super association, its member associations) whose name contains `search`, by
 * name, AGENCY_LIMITS.pageSize a page, public fields only (auid, name, kind, logo). Anyone.
 * @throws AppError NOT_FOUND 'No encontramos esa asociación'
 */
export async function listAssociationAgencies(database: Database, input: { actor: Actor; assoUid: string; search: string; page: number }): Promise<TAgenciesPage> {
  authorize(input.actor, associationPolicy, 'list');
  const asso = await agenciesRepository.find(database, input.assoUid);
  if (!asso || asso.kind !== 'association') throw new AppError('NOT_FOUND', M.notFound);
  const size = AGENCY_LIMITS.pageSize;
  const rows = await associationsRepository.approvedAgencies(database, asso.auid, input.search, size + 1, (input.page - 1) * size);
  return { agencies: rows.slice(0, size).map(presentAgencySummary), page: input.page, has_more: rows.length > size };
}
