import type { Database } from '@nj/db';
import type { TAssociation, TMyAssociation } from '@nj/contracts';
import { agenciesRepository, presentAgency, type AgencyRow } from '../agencies/agencies-repository.ts';
import type { AgencyDb } from '../agencies/agencies-tables.ts';
import type { Actor } from '../policies/actor.ts';
import { associationPolicy } from '../policies/association.ts';
import { ownRecords } from '../policies/policy.ts';
import { associationsRepository } from './associations-repository.ts';

/** An association as its administrator sees it: the agency fields, the super flag and its member counts. */
export async function presentAssociation(db: AgencyDb, row: AgencyRow): Promise<TAssociation> {
  const counts = await associationsRepository.countMembers(db, row.auid);
  return { ...presentAgency(row, 'admin', 0), is_super: row.is_super, members_approved: counts.approved, members_pending: counts.pending };
}

/**
 * GET /v1/associations/my (issue 15 /associations-control-panel; decision 029): the association the caller
 * administers, or null when they have not created it yet.
 * @returns `{ association: ZAssociation | null }`
 * @throws AppError UNAUTHORIZED unless signed in; FORBIDDEN without the association_admin privilege
 */
export async function getMyAssociation(database: Database, input: { actor: Actor }): Promise<TMyAssociation> {
  const cuid = ownRecords(input.actor, associationPolicy, 'read_own');
  const row = await agenciesRepository.findByAdmin(database, cuid, 'association');
  return { association: row ? await presentAssociation(database, row) : null };
}
