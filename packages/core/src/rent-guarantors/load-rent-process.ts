import type { TAvalSummary, TRentProcess } from '@nj/contracts';
import type { Database } from '@nj/db';
import type { Actor } from '../policies/actor.ts';
import { rentInvitationsRepository, type InvitationRow } from './rent-invitations-repository.ts';
import { loadRentMember } from './rent-membership.ts';

/** Steps in which the proposal has not reached the owner: the owner does not see who the tenant named yet. */
const BEFORE_SENT = new Set(['hello', 'appt_requested', 'appt_confirmation_requested', 'appt_assist', 'client_offer_in_process', 'renter_discard', 'owner_discard', 'property_invalid']);

/** The rent's guarantor as its people read it (spec 03 §3 avaltype); `withEmail` for the tenant who typed it. */
export function toAvalSummary(row: InvitationRow, hasData: boolean, withEmail: boolean): TAvalSummary {
  return {
    aval_process_uid: row.iuid, atype: row.atype!, status: row.status, email: withEmail ? row.email : null,
    is_aval_confirmed: row.status === 'accepted', is_aval_approved: row.is_approved, is_os_confirmed: row.is_os_confirmed,
    is_os_approved: row.is_os_approved, approved_before: row.approved_before, has_data: hasData, has_guarantee_document: row.has_guarantee_document,
    guarantee: row.guarantee_address ? {
      addr: row.guarantee_address, neighborhood: row.guarantee_neighborhood, city: row.guarantee_city,
      municipality: row.guarantee_municipality, state: row.guarantee_state, cp: row.guarantee_cp,
    } : null,
    insurer: row.insurer ? { provider: row.insurer, reference: row.insurer_reference, premium: row.insurer_premium } : null,
  };
}

/**
 * The rent process for anyone in it (GET /v1/client/loadrentprocess?ruid; spec 03 §7: rent, aval (atype), rtype;
 * issue 12 'the tenant sees progress'): the rent's terms, the guarantor (type, confirmation, approval, whether
 * their data are filled in) and the second renter's invitation. The invited e-mails only for the tenant; the owner
 * sees the guarantor and second renter only once the proposal is sent.
 * @returns TRentProcess with the reader's `role`
 * @throws AppError UNAUTHORIZED; NOT_FOUND for an unknown rent or anyone outside it
 */
export async function loadRentProcess(database: Database, input: { actor: Actor; ruid: string }): Promise<TRentProcess> {
  const { rent, role } = await loadRentMember(database, input.actor, input.ruid, 'read_process');
  const full = (await database.db.selectFrom('rents').select(['warranty_deposit', 'rent_type']).where('ruid', '=', rent.ruid).executeTakeFirstOrThrow());
  const ctx = await rentInvitationsRepository.context(database, rent.ruid);
  const hidden = role === 'owner' && BEFORE_SENT.has(rent.step);
  const [aval, second, withData] = await Promise.all([
    rentInvitationsRepository.findLatest(database, rent.ruid, 'aval'),
    rentInvitationsRepository.findLatest(database, rent.ruid, 'second_renter'),
    rentInvitationsRepository.rolesWithData(database, rent.ruid),
  ]);
  const own = role === 'renter';
  return {
    role,
    rent: {
      ruid: rent.ruid, puid: rent.puid, step: rent.step, price: rent.price === null ? null : Number(rent.price),
      maintenance_fee: rent.maintenance_fee === null ? null : Number(rent.maintenance_fee), warranty_deposit: full.warranty_deposit,
      rtype: full.rent_type, addr: ctx?.addr ?? null,
    },
    rtype: full.rent_type,
    aval: aval && !hidden ? toAvalSummary(aval, withData.has('aval'), own) : null,
    second_renter: second && !hidden ? {
      iuid: second.iuid, status: second.status, email: own ? second.email : null, is_confirmed: second.status === 'accepted', has_data: withData.has('second_renter'),
    } : null,
  };
}
