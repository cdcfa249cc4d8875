import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { TCrmScope } from '@nj/contracts';
import type { AgencyDb } from '../agencies/agencies-tables.ts';
import { crmRepository } from './crm-repository.ts';
import type { CrmScope } from './crm-scope.ts';

/** A new CRM client uid ('crm_' + 16 hex) or note id ('crn_' + 16 hex). */
export const newCrmUid = (): string => `crm_${randomBytes(8).toString('hex')}`;
export const newCrmNoteId = (): string => `crn_${randomBytes(8).toString('hex')}`;
/** A new CRM document id ('crd_' + 16 hex). */
export const newCrmDocId = (): string => `crd_${randomBytes(8).toString('hex')}`;

/** SQL list of the clients of the whole CRM: the agency's administrator and approved agents, or the independent agent. */
export function crmMembers(scope: CrmScope) {
  return scope.auid
    ? sql`(SELECT ${scope.adminCuid}::text UNION SELECT cuid FROM agency_agents WHERE auid = ${scope.auid} AND status = 'approved')`
    : sql`(SELECT ${scope.cuid}::text)`;
}

/** The scope as the API shows it (ZCrmScope), with who clients may be assigned to. */
export async function presentCrmScope(db: AgencyDb, scope: CrmScope): Promise<TCrmScope> {
  return { auid: scope.auid, agency_name: scope.agencyName, is_admin: scope.role !== 'agent', agents: await crmRepository.assignable(db, scope) };
}
