import type { Database } from '@nj/db';
import { CRM_MESSAGES as M, type TCrmClient } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { authorize } from '../policies/policy.ts';
import { crmPolicy } from '../policies/crm.ts';
import { crmRepository, presentCrmClient } from './crm-repository.ts';
import { crmRecord, loadCrmClientFor } from './crm-scope.ts';
import { crmTables } from './crm-tables.ts';

/**
 * POST /v1/crm/clients/{uid}/partner `{ partner_uid | null }` (spec 03 §3 CRM client 'partner', §7): links the client
 * with their partner (spouse, co-buyer), another client the actor sees in the same CRM; both point at each other and
 * a previous partner of either is unlinked. null unlinks.
 * @returns ZCrmClient
 * @throws AppError UNAUTHORIZED; FORBIDDEN; NOT_FOUND (client); BAD_REQUEST 'Un cliente no puede ser su propia pareja…',
 *   'No encontramos a esa pareja o socio en tu CRM'
 */
export async function setCrmPartner(database: Database, input: { actor: Actor; uid: string; partnerUid: string | null }): Promise<TCrmClient> {
  const { scope } = await loadCrmClientFor(database, input.actor, input.uid, 'update');
  if (input.partnerUid === input.uid) throw new AppError('BAD_REQUEST', M.partnerSelf, { partner_uid: M.partnerSelf });
  if (input.partnerUid) {
    const other = await crmTables(database).selectFrom('crm_clients').select(['auid', 'owner_cuid', 'assigned_to']).where('uid', '=', input.partnerUid).executeTakeFirst();
    const visible = other && crmRecord(scope, other).role !== null;
    if (!visible) throw new AppError('BAD_REQUEST', M.partnerNotFound, { partner_uid: M.partnerNotFound });
    authorize(input.actor, crmPolicy, 'update', crmRecord(scope, other));
  }
  await database.db.transaction().execute((trx) => crmRepository.setPartner(trx, input.uid, input.partnerUid));
  return presentCrmClient((await crmRepository.findPresented(database, input.uid))!);
}
