import type { TGuarantorRecord, TMyInvitations, TSecondRenterInvitation } from '@nj/contracts';
import type { Database } from '@nj/db';
import { authorize, ownCuid } from '../policies/policy.ts';
import type { Actor } from '../policies/actor.ts';
import { rentInvitationPolicy } from '../policies/rent-invitation.ts';
import { rentInvitationsRepository, type InvitationWithRent } from './rent-invitations-repository.ts';

const num = (v: number | string | null) => (v === null ? null : Number(v));

/** One invitation as the guarantor reads it (spec 03 §3 Guarantor record). */
export function toGuarantorRecord(row: InvitationWithRent): TGuarantorRecord {
  return {
    aval_uid: row.iuid, atype: row.atype!, status: row.status, is_confirmed: row.status === 'accepted', is_approved: row.is_approved,
    is_os_confirmed: row.is_os_confirmed, is_os_approved: row.is_os_approved, approved_before: row.approved_before,
    renter_nickname: row.renter_nickname?.trim() || null, puid: row.puid, ruid: row.ruid, rents: row.ruid, owns: false, step: row.step,
    price: num(row.price), maintenance_fee: num(row.maintenance_fee), warranty_deposit: row.warranty_deposit, rtype: row.rent_type, addr: row.addr,
    guarantee: row.guarantee_address ? {
      addr: row.guarantee_address, neighborhood: row.guarantee_neighborhood, city: row.guarantee_city, municipality: row.guarantee_municipality,
      state: row.guarantee_state, cp: row.guarantee_cp,
    } : null,
    has_guarantee_document: row.has_guarantee_document,
  };
}

/** One second renter's invitation as the invitee reads it. */
export function toSecondRenterInvitation(row: InvitationWithRent): TSecondRenterInvitation {
  return {
    iuid: row.iuid, status: row.status, is_confirmed: row.status === 'accepted', renter_nickname: row.renter_nickname?.trim() || null,
    rent: {
      ruid: row.ruid, puid: row.puid, step: row.step, price: num(row.price), maintenance_fee: num(row.maintenance_fee),
      warranty_deposit: row.warranty_deposit, rtype: row.rent_type, addr: row.addr,
    },
  };
}

/**
 * The rent requests naming the signed-in client (GET /v1/client/iamaval, spec 03 §7 'rent requests where the client
 * is guarantor', and the second renter's invitations; issue 12 'The guarantor'): those they answered and those
 * pending for their verified e-mail, newest first; replaced ones are gone. Only these rents: an aval sees nothing
 * else (issue 12 'Rules').
 * @returns `{ aval: TGuarantorRecord[], second_renter: TSecondRenterInvitation[] }`
 * @throws AppError UNAUTHORIZED for a visitor or an anonymous client
 */
export async function listMyInvitations(database: Database, input: { actor: Actor }): Promise<TMyInvitations> {
  authorize(input.actor, rentInvitationPolicy, 'list_own');
  const cuid = ownCuid(input.actor);
  const [aval, second] = await Promise.all([
    rentInvitationsRepository.listForInvitee(database, cuid, 'aval'),
    rentInvitationsRepository.listForInvitee(database, cuid, 'second_renter'),
  ]);
  return { aval: aval.map(toGuarantorRecord), second_renter: second.map(toSecondRenterInvitation) };
}
