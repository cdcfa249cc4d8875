import type { Database } from '@nj/db';
import { CRM_LIMITS, type TCrmDocsSpace } from '@nj/contracts';
import type { AgencyDb } from '../agencies/agencies-tables.ts';
import type { Actor } from '../policies/actor.ts';
import { crmRepository } from './crm-repository.ts';
import { resolveCrmScope, type CrmScope } from './crm-scope.ts';

/**
 * GET /v1/crm/docs/space (spec 03 §7 CRM; decision 032): the CRM's documents space — bytes used by the files of its
 * clients and the quota: 5 GiB per agency (shared by its agents), 1 GiB for an independent agent.
 * @returns `{ used_bytes, quota_bytes, files, auid }`
 * @throws AppError UNAUTHORIZED; FORBIDDEN 'El CRM es para asesores…'
 */
export async function getCrmDocsSpace(database: Database, input: { actor: Actor }): Promise<TCrmDocsSpace> {
  return crmDocsSpaceOf(database, await resolveCrmScope(database, input.actor));
}

/** The quota of a scope's documents space, bytes: CRM_LIMITS.docsQuotaAgencyBytes for an agency, docsQuotaAgentBytes for an independent agent. */
export function crmDocsQuota(scope: CrmScope): number {
  return scope.auid ? CRM_LIMITS.docsQuotaAgencyBytes : CRM_LIMITS.docsQuotaAgentBytes;
}

/**
 * The documents space of an already resolved scope (`db` a Database or an open transaction).
 * @returns `{ used_bytes, quota_bytes, files, auid }` (bytes)
 */
export async function crmDocsSpaceOf(db: AgencyDb, scope: CrmScope): Promise<TCrmDocsSpace> {
  const used = await crmRepository.docsUsage(db, scope);
  return { used_bytes: used.bytes, quota_bytes: crmDocsQuota(scope), files: used.files, auid: scope.auid };
}
