import type { Database } from '@nj/db';
import { CRM_LIMITS, type TCrmDocsSpace } from '@nj/contracts';
import type { Actor } from '../policies/actor.ts';
import { crmRepository } from './crm-repository.ts';
import { resolveCrmScope } from './crm-scope.ts';

/**
 * GET /v1/crm/docs/space (spec 03 §7 CRM; decision 032): the CRM's documents space — bytes used by the files of its
 * clients and the quota: 5 GiB per agency (shared by its agents), 1 GiB for an independent agent.
 * @returns `{ used_bytes, quota_bytes, files, auid }`
 * @throws AppError UNAUTHORIZED; FORBIDDEN 'El CRM es para asesores…'
 */
export async function getCrmDocsSpace(database: Database, input: { actor: Actor }): Promise<TCrmDocsSpace> {
  const scope = await resolveCrmScope(database, input.actor);
  const used = await crmRepository.docsUsage(database, scope);
  return { used_bytes: used.bytes, quota_bytes: scope.auid ? CRM_LIMITS.docsQuotaAgencyBytes : CRM_LIMITS.docsQuotaAgentBytes, files: used.files, auid: scope.auid };
}
