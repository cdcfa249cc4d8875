import { sql, type RawBuilder } from 'kysely';
import { CRM_MESSAGES as M } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { crmPolicy, type CrmRecord } from '../policies/crm.ts';
import { authorize, ownCuid } from '../policies/policy.ts';
import type { AgencyDb } from '../agencies/agencies-tables.ts';
import { crmTables } from './crm-tables.ts';

/**
 * Whose CRM the actor uses (decision 032): the agency they administer, else the agency where they are an approved
 * agent, else their own as an independent agent (clients.is_agent).
 */
export type CrmScope = {
  cuid: string; role: 'admin' | 'agent' | 'independent';
  auid: string | null; agencyName: string | null; adminCuid: string | null; seeAll: boolean;
};

/**
 * The actor's CRM scope after crmPolicy 'use' (first line of every CRM verb).
 * @throws AppError UNAUTHORIZED unless signed in; FORBIDDEN 'El CRM es para asesores…' for a client who is neither
 *   an agency's administrator or approved agent nor an independent agent
 */
export async function resolveCrmScope(db: AgencyDb, actor: Actor): Promise<CrmScope> {
  authorize(actor, crmPolicy, 'use');
  const cuid = ownCuid(actor);
  const k = crmTables(db);
  const admin = await k.selectFrom('agencies').select(['auid', 'name', 'admin_cuid', 'crm_agents_see_all'])
    .where('admin_cuid', '=', cuid).where('kind', '=', 'agency').executeTakeFirst();
  if (admin) return { cuid, role: 'admin', auid: admin.auid, agencyName: admin.name, adminCuid: admin.admin_cuid, seeAll: true };
  const member = await k.selectFrom('agency_agents as m').innerJoin('agencies as a', 'a.auid', 'm.auid')
    .select(['a.auid', 'a.name', 'a.admin_cuid', 'a.crm_agents_see_all'])
    .where('m.cuid', '=', cuid).where('m.status', '=', 'approved').where('a.kind', '=', 'agency').executeTakeFirst();
  if (member) return { cuid, role: 'agent', auid: member.auid, agencyName: member.name, adminCuid: member.admin_cuid, seeAll: member.crm_agents_see_all };
  const flag = await k.selectFrom('clients').select('is_agent').where('cuid', '=', cuid).executeTakeFirst();
  const role = flag?.is_agent || actor.isAgent ? 'independent' : null;
  authorize(actor, crmPolicy, 'use', { role });
  return { cuid, role: 'independent', auid: null, agencyName: null, adminCuid: null, seeAll: true };
}

/** The crmPolicy record of one client row for the actor's scope (role null when the row is outside it). */
export function crmRecord(scope: CrmScope, row: { auid: string | null; owner_cuid: string; assigned_to: string | null }): CrmRecord {
  const inScope = row.auid ? row.auid === scope.auid : scope.role === 'independent' && row.owner_cuid === scope.cuid;
  return { role: inScope ? scope.role : null, owner_cuid: row.owner_cuid, assigned_to: row.assigned_to, see_all: scope.seeAll };
}

/** SQL condition on `crm_clients as c`: the clients the scope sees. */
export function visibleClients(scope: CrmScope): RawBuilder<boolean> {
  if (scope.role === 'independent') return sql<boolean>`(c.auid IS NULL AND c.owner_cuid = ${scope.cuid})`;
  if (scope.role === 'admin' || scope.seeAll) return sql<boolean>`(c.auid = ${scope.auid})`;
  return sql<boolean>`(c.auid = ${scope.auid} AND (c.assigned_to = ${scope.cuid} OR c.owner_cuid = ${scope.cuid}))`;
}

/**
 * SQL list of the clients whose listings are the scope's for the lead history: the administrator and approved agents
 * of the agency (administrator, or an agent the agency lets see all); otherwise the actor alone.
 */
export function scopeMembers(scope: CrmScope): RawBuilder<unknown> {
  if (scope.auid && (scope.role === 'admin' || scope.seeAll)) {
    return sql`(SELECT ${scope.adminCuid}::text UNION SELECT cuid FROM agency_agents WHERE auid = ${scope.auid} AND status = 'approved')`;
  }
  return sql`(SELECT ${scope.cuid}::text)`;
}

/**
 * Loads CRM client `uid` and authorizes `action` on it for the actor (first lines of every verb on one client).
 * @throws AppError UNAUTHORIZED; FORBIDDEN (not a CRM user; 'Solo el administrador…' to assign); NOT_FOUND 'No
 *   encontramos ese cliente en tu CRM' for an unknown client or one outside what the actor sees
 */
export async function loadCrmClientFor(db: AgencyDb, actor: Actor, uid: string, action: 'read' | 'update' | 'assign' | 'delete') {
  const scope = await resolveCrmScope(db, actor);
  const row = await crmTables(db).selectFrom('crm_clients').selectAll().where('uid', '=', uid).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  authorize(actor, crmPolicy, action, crmRecord(scope, row));
  return { scope, row };
}
