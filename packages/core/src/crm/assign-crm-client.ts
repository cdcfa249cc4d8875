import type { Database } from '@nj/db';
import type { TCrmClient } from '@nj/contracts';
import type { Actor } from '../policies/actor.ts';
import { crmRepository, presentCrmClient } from './crm-repository.ts';
import { loadCrmClientFor } from './crm-scope.ts';
import { chooseAssignee } from './create-crm-client.ts';

/**
 * PUT /v1/crm/clients/{uid}/assigned_to (spec 03 §7 CRM; issue 16 'assignment within the agency'): the agency's
 * administrator assigns the client to one of its approved agents (or to nobody: null).
 * @returns ZCrmClient
 * @throws AppError UNAUTHORIZED; FORBIDDEN 'Solo el administrador de la agencia puede asignar…'; NOT_FOUND; BAD_REQUEST
 *   'Ese asesor no es un asesor aprobado de tu agencia'
 */
export async function assignCrmClient(database: Database, input: { actor: Actor; uid: string; assignedTo: string | null }): Promise<TCrmClient> {
  const { scope } = await loadCrmClientFor(database, input.actor, input.uid, 'assign');
  await crmRepository.update(database, input.uid, { assigned_to: await chooseAssignee(database, scope, input.assignedTo) });
  return presentCrmClient((await crmRepository.findPresented(database, input.uid))!);
}
