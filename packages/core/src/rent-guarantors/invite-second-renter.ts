import { GUARANTOR_MESSAGES as G, type TRentProcess } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { requireTransition } from '../rents/rent-access.ts';
import { forgetReplacedPerson } from './forget-replaced-person.ts';
import { loadRentProcess } from './load-rent-process.ts';
import type { NameAvalDeps } from './name-aval.ts';
import { rentInvitationsRepository } from './rent-invitations-repository.ts';
import { loadRentMember, requireInvitationBudget } from './rent-membership.ts';
import { sendInvitationEmail } from './send-invitation-email.ts';

const refuse = (field: string, msg: string): never => {
  throw new AppError('BAD_REQUEST', msg, { [field]: msg });
};

/**
 * The tenant of a joint rent invites the second renter by e-mail (POST /v1/rents/second-renter `{ ruid, email }`;
 * issue 12 'The proposal': rent type joint, a second renter who fills in their own data). Only the renter, only in
 * client_offer_in_process and with rent_type 'joint'. Inviting again replaces the current invitation (the replaced
 * person's data and documents of this rent are deleted, unless the same e-mail is invited again). The invitee
 * gets an e-mail with a link to /invitaciones.
 * @returns the rent process as the tenant reads it (TRentProcess)
 * @throws AppError BAD_REQUEST with `fields` (not a joint rent; the tenant's own, the owner's or the guarantor's
 *   e-mail); FORBIDDEN for the owner; NOT_FOUND for a stranger; CONFLICT outside client_offer_in_process;
 *   RATE_LIMITED after INVITATIONS_PER_DAY namings in 24 hours
 */
export async function inviteSecondRenter(deps: Omit<NameAvalDeps, 'bondInsurer'>, input: { actor: Actor; ruid: string; email: string }): Promise<TRentProcess> {
  const { rent } = await loadRentMember(deps.database, input.actor, input.ruid, 'invite');
  requireTransition(rent, 'edit_offer', 'renter');
  await requireInvitationBudget(deps.database, rent.renter_cuid);
  const terms = await deps.database.db.selectFrom('rents').select('rent_type').where('ruid', '=', rent.ruid).executeTakeFirstOrThrow();
  if (terms.rent_type !== 'joint') refuse('rent_type', G.notJoint);
  const ctx = (await rentInvitationsRepository.context(deps.database, rent.ruid))!;
  if (input.email === ctx.renter_email) refuse('email', G.notYourself);
  if (input.email === ctx.owner_email) refuse('email', G.notTheOwner);
  const aval = await rentInvitationsRepository.findCurrent(deps.database, rent.ruid, 'aval');
  if (aval?.email === input.email) refuse('email', G.sameAsAval);
  const previous = await rentInvitationsRepository.findCurrent(deps.database, rent.ruid, 'second_renter');
  const iuid = await rentInvitationsRepository.replaceWith(deps.database, { ruid: rent.ruid, role: 'second_renter', atype: null, email: input.email });
  if (previous && previous.email !== input.email) await forgetReplacedPerson(deps, rent.ruid, 'second_renter');
  await sendInvitationEmail(deps, { iuid, email: input.email, atype: null, renterNickname: ctx.renter_nickname, price: ctx.price, addr: ctx.addr });
  return loadRentProcess(deps.database, input);
}
