import type { Database } from '@nj/db';
import { CRM_MESSAGES as M, type TCrmClient } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { resolveCrmScope, scopeMembers } from '../crm/crm-scope.ts';
import { crmRepository, presentCrmClient } from '../crm/crm-repository.ts';
import { newCrmUid } from '../crm/crm-ids.ts';
import { leadInteractionsRepository } from './lead-interactions-repository.ts';

/**
 * POST /v1/leads/interactions/convert `{ ref }` (issue 16 'a lead becomes a CRM client in one click'): makes a client
 * of the actor's CRM from a lead of the history (`lead:<luid>`: name, e-mail and phone of the form; `rent:<ruid>`:
 * the renter's account), linked to the listing, typed comprador for a sale-only listing and arrendatario otherwise,
 * status prospecto, assigned to the listing's advertiser when they belong to the CRM (else to the actor), and linked
 * to the sender's account when they have one (their conversations, visits and rents join the timeline). Idempotent:
 * the same lead converted again (by anyone of the same CRM) answers the same client.
 * @returns ZCrmClient
 * @throws AppError UNAUTHORIZED; FORBIDDEN 'El CRM es para asesores…'; NOT_FOUND 'No encontramos ese contacto…' for a
 *   lead that is not on a listing the actor's lead history shows
 */
export async function convertLeadToCrmClient(database: Database, input: { actor: Actor; ref: string }): Promise<TCrmClient> {
  const scope = await resolveCrmScope(database, input.actor);
  const [tag, id] = input.ref.split(':') as ['lead' | 'rent', string];
  const members = scopeMembers(scope);
  const lead = tag === 'lead' ? await leadInteractionsRepository.findLead(database, members, id) : await leadInteractionsRepository.findRent(database, members, id);
  if (!lead) throw new AppError('NOT_FOUND', M.leadNotFound);
  let uid = await crmRepository.findBySource(database, scope, input.ref);
  if (!uid) {
    const agents = await crmRepository.assignable(database, scope);
    const assignee = lead.advertiser && agents.some((a) => a.cuid === lead.advertiser) ? lead.advertiser : scope.cuid;
    const fresh = newCrmUid();
    await database.db.transaction().execute(async (trx) => {
      const inserted = await crmRepository.insert(trx, {
        uid: fresh, auid: scope.auid, owner_cuid: scope.cuid, name: (lead.name ?? '').trim().slice(0, 120) || M.event.lead,
        email: lead.email?.slice(0, 254) ?? null, phone: lead.phone?.slice(0, 20) ?? null, status: 'prospecto',
        type: lead.is_venta && !lead.is_renta ? 'comprador' : 'arrendatario', compliant: false, assigned_to: assignee,
        linked_cuid: lead.sender_cuid, source_ref: input.ref,
      });
      if (inserted) await crmRepository.addProp(trx, fresh, lead.puid, scope.cuid);
    });
    uid = await crmRepository.findBySource(database, scope, input.ref);
  }
  return presentCrmClient((await crmRepository.findPresented(database, uid!))!);
}
