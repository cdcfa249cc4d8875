import type { Database } from '@nj/db';
import { CRM_MESSAGES as M, type CrmStatus, type CrmType, type TCrmClient } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import type { AgencyDb } from '../agencies/agencies-tables.ts';
import { crmRepository, presentCrmClient } from './crm-repository.ts';
import { resolveCrmScope, type CrmScope } from './crm-scope.ts';
import { newCrmUid } from './crm-ids.ts';

/** A new client's fields (validated by ZCrmClientBody). */
export type CrmClientFields = {
  name: string; email?: string | null | undefined; phone?: string | null | undefined; status: CrmStatus; type: CrmType;
  compliant: boolean; assigned_to?: string | null | undefined;
};

/**
 * Who a new client of `scope` is assigned to: `wanted` when given (null: nobody) and assignable, else the creator.
 * Only the administrator (or the independent agent) may name someone else.
 * @throws AppError FORBIDDEN 'Solo el administrador…' (an agent naming another); BAD_REQUEST 'Ese asesor no es…'
 */
export async function chooseAssignee(db: AgencyDb, scope: CrmScope, wanted: string | null | undefined): Promise<string | null> {
  if (wanted === undefined) return scope.cuid;
  if (wanted === null) return null;
  if (wanted === scope.cuid) return wanted;
  if (scope.role === 'agent') throw new AppError('FORBIDDEN', M.adminAssigns);
  const agents = await crmRepository.assignable(db, scope);
  if (!agents.some((a) => a.cuid === wanted)) throw new AppError('BAD_REQUEST', M.agentNotInAgency, { assigned_to: M.agentNotInAgency });
  return wanted;
}

/**
 * POST /v1/crm/clients (spec 03 §7 CRM; issue 16): a new client of the actor's CRM (the agency's, or the independent
 * agent's), assigned to the creator unless `assigned_to` says otherwise (administrator only).
 * @returns ZCrmClient
 * @throws AppError UNAUTHORIZED; FORBIDDEN 'El CRM es para asesores…' / 'Solo el administrador…'; BAD_REQUEST
 *   'Ese asesor no es un asesor aprobado de tu agencia'
 */
export async function createCrmClient(database: Database, input: { actor: Actor; fields: CrmClientFields }): Promise<TCrmClient> {
  const scope = await resolveCrmScope(database, input.actor);
  const f = input.fields;
  const uid = newCrmUid();
  await crmRepository.insert(database, {
    uid, auid: scope.auid, owner_cuid: scope.cuid, name: f.name, email: f.email ?? null, phone: f.phone ?? null,
    status: f.status, type: f.type, compliant: f.compliant, assigned_to: await chooseAssignee(database, scope, f.assigned_to),
    linked_cuid: null, source_ref: null,
  });
  return presentCrmClient((await crmRepository.findPresented(database, uid))!);
}
