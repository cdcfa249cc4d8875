import type { Database } from '@nj/db';
import { CRM_LIMITS, type CrmStatus, type CrmType, type TCrmClientsPage } from '@nj/contracts';
import type { Actor } from '../policies/actor.ts';
import { crmRepository, presentCrmClient } from './crm-repository.ts';
import { resolveCrmScope } from './crm-scope.ts';
import { presentCrmScope } from './crm-ids.ts';

/**
 * GET /v1/crm/clients?page&s&cstatus&ctype&cassigned_to&compliant (spec 03 §7 CRM; issue 16): the clients of the
 * actor's CRM they see (crmPolicy read), newest first, CRM_LIMITS.pageSize (20) a page. `s` searches name, e-mail
 * and phone (case-insensitive); `cassigned_to` an agent's cuid or 'none'; `compliant` 'true'/'false'.
 * @returns ZCrmClientsPage `{ clients, page, has_more, total, scope: { auid, agency_name, is_admin, agents } }`
 * @throws AppError UNAUTHORIZED; FORBIDDEN 'El CRM es para asesores…'
 */
export async function listCrmClients(database: Database, input: {
  actor: Actor; page: number; s: string; cstatus?: CrmStatus | undefined; ctype?: CrmType | undefined; cassigned_to?: string | undefined; compliant?: 'true' | 'false' | undefined;
}): Promise<TCrmClientsPage> {
  const scope = await resolveCrmScope(database, input.actor);
  const size = CRM_LIMITS.pageSize;
  const { rows, total } = await crmRepository.list(database, scope, {
    s: input.s, cstatus: input.cstatus, ctype: input.ctype, cassignedTo: input.cassigned_to,
    compliant: input.compliant === undefined ? undefined : input.compliant === 'true',
  }, size + 1, (input.page - 1) * size);
  return { clients: rows.slice(0, size).map(presentCrmClient), page: input.page, has_more: rows.length > size, total, scope: await presentCrmScope(database, scope) };
}
