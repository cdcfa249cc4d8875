import type { Database } from '@nj/db';
import type { TCrmClient, TCrmClientPatch } from '@nj/contracts';
import type { Actor } from '../policies/actor.ts';
import { crmRepository, presentCrmClient } from './crm-repository.ts';
import { loadCrmClientFor } from './crm-scope.ts';

/**
 * PUT /v1/crm/clients/{uid} (spec 03 §7 CRM): changes the client's name, e-mail, phone, status, type or compliant flag.
 * @returns ZCrmClient
 * @throws AppError UNAUTHORIZED; FORBIDDEN (not a CRM user); NOT_FOUND 'No encontramos ese cliente en tu CRM'
 */
export async function updateCrmClient(database: Database, input: { actor: Actor; uid: string; patch: TCrmClientPatch }): Promise<TCrmClient> {
  await loadCrmClientFor(database, input.actor, input.uid, 'update');
  const p = input.patch;
  const patch = Object.fromEntries(Object.entries({ name: p.name, email: p.email, phone: p.phone, status: p.status, type: p.type, compliant: p.compliant }).filter(([, v]) => v !== undefined));
  await crmRepository.update(database, input.uid, patch);
  return presentCrmClient((await crmRepository.findPresented(database, input.uid))!);
}
