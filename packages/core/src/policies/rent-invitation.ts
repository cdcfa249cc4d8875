import { GUARANTOR_MESSAGES as G, RENTS_MESSAGES } from '@nj/contracts';
import { hasPrivilege, isClient, type Actor } from './actor.ts';
import { ALLOW, definePolicy, type Verdict } from './policy.ts';

/**
 * What the guarantor and second-renter rules look at: the rent's two parties, the accepted second renter and
 * guarantor (null until they accept), and for one invitation the account it is addressed to (`invitee_cuid`: the one
 * that answered, else the signed-up account whose verified e-mail was invited).
 */
export type RentInvitationRecord = {
  renter_cuid: string; owner_cuid: string;
  second_renter_cuid?: string | null; aval_cuid?: string | null; invitee_cuid?: string | null;
};

const notFound = { code: 'NOT_FOUND', msg: RENTS_MESSAGES.rentNotFound } as const;
const invitationNotFound = { code: 'NOT_FOUND', msg: G.invitationNotFound } as const;

/** The renter only; the owner is told why (403), anyone else learns nothing (404). */
function renterOnly(actor: Actor, r: RentInvitationRecord): Verdict {
  if (isClient(actor, r.renter_cuid)) return ALLOW;
  return isClient(actor, r.owner_cuid) ? { code: 'FORBIDDEN', msg: G.renterOnly } : notFound;
}
/** The invited person only (404 for anyone else, the tenant included: an invitation is the invitee's to answer). */
function inviteeOnly(actor: Actor, r: RentInvitationRecord): Verdict {
  return isClient(actor, r.invitee_cuid) ? ALLOW : invitationNotFound;
}
/** Support, or the owner of the rent (whose step the verb checks); the tenant and the invitee get 403, others 404. */
function supportOrOwner(actor: Actor, r: RentInvitationRecord): Verdict {
  if (hasPrivilege(actor, 'support') || isClient(actor, r.owner_cuid)) return ALLOW;
  return isClient(actor, r.renter_cuid) || isClient(actor, r.invitee_cuid) ? { code: 'FORBIDDEN', msg: G.approvalOnlySupport } : invitationNotFound;
}
/** Anyone in the rent: its two parties, the accepted second renter and guarantor, and support; 404 for others. */
function member(actor: Actor, r: RentInvitationRecord): Verdict {
  return [r.renter_cuid, r.owner_cuid, r.second_renter_cuid, r.aval_cuid].some((c) => isClient(actor, c)) || hasPrivilege(actor, 'support')
    ? ALLOW : notFound;
}

/**
 * The guarantor and the second renter of a rent (issue 12 'The guarantor', 'Rules'; spec 03 §6 Guarantor): the
 * tenant names them (`invite`); the invited person lists (`list_own`), answers (`answer`) and fills in the guarantee
 * (`guarantee`) of their own invitations only; support or the rent's owner decide the approval (`decide`); the people
 * of the rent read its process (`read_process`). An aval sees only the rents naming them.
 */
export const rentInvitationPolicy = definePolicy<RentInvitationRecord, 'invite' | 'list_own' | 'answer' | 'guarantee' | 'decide' | 'read_process'>({
  model: 'rent_invitation',
  actions: {
    invite: { who: 'registered', doc: 'the renter of the rent', rule: renterOnly },
    list_own: { who: 'registered', doc: 'signed-in clients, the invitations addressed to them' },
    answer: { who: 'registered', doc: 'the invited person (their account or verified e-mail)', rule: inviteeOnly },
    guarantee: { who: 'registered', doc: 'the invited guarantor of type aval', rule: inviteeOnly },
    decide: { who: 'registered', doc: 'support, or the owner of the rent once the proposal is sent', rule: supportOrOwner },
    read_process: { who: 'registered', doc: 'the renter, the owner, the accepted second renter and guarantor, support', rule: member },
  },
});
