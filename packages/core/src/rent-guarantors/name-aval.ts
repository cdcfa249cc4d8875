import { GUARANTOR_MESSAGES as G, type AvalType, type TRentProcess } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { BondInsurer } from '../bond-insurance/bond-insurer.ts';
import type { MediaStorage } from '../media/storage/media-storage.ts';
import type { MessagingConfig } from '../messaging/messaging-config.ts';
import type { Actor } from '../policies/actor.ts';
import { requireTransition } from '../rents/rent-access.ts';
import { forgetReplacedPerson } from './forget-replaced-person.ts';
import { loadRentProcess } from './load-rent-process.ts';
import { rentInvitationsRepository } from './rent-invitations-repository.ts';
import { loadRentMember, requireInvitationBudget } from './rent-membership.ts';
import { sendInvitationEmail } from './send-invitation-email.ts';

/**
 * What naming a guarantor needs: the database, e-mail, the public URL for the link, the bond insurer, and the storage
 * (to delete the documents of a person who is replaced).
 */
export type NameAvalDeps = { database: Database; messaging: MessagingConfig; publicUrl: string; bondInsurer: BondInsurer; storage?: MediaStorage | undefined };

const refuse = (field: string, msg: string): never => {
  throw new AppError('BAD_REQUEST', msg, { [field]: msg });
};

/**
 * The tenant names the guarantor of rent `ruid` (POST /v1/rents/aval `{ ruid, atype, email }`; spec 03 §3 Guarantor
 * record, §7; issue 12 'The guarantor'). Only the renter, only in client_offer_in_process. Naming again replaces the
 * current guarantor (pending or accepted), and the data and documents the replaced person filled in for the role are
 * deleted (unless the same e-mail is named again). For `aval` and `obligado` the person at `email` gets an e-mail with a link
 * to /invitaciones; a person approved as a guarantor in an earlier rent is marked `approved_before` (issue 12 'A
 * reusable tenant file'). For `nowo` the bond insurer is asked at once with the renter's names and birthdate and the
 * rent: approved → is_approved true with the premium; refused → is_approved false.
 * @returns the rent process as the tenant reads it (TRentProcess)
 * @throws AppError BAD_REQUEST with `fields` (email missing, invalid, the tenant's own or the owner's, the second
 *   renter's; an e-mail with nowo; nowo without the renter's names/birthdate or the rent); FORBIDDEN for the owner;
 *   NOT_FOUND for a stranger; CONFLICT outside client_offer_in_process; RATE_LIMITED after INVITATIONS_PER_DAY namings
 *   in 24 hours; UNAVAILABLE when the insurer does not answer
 */
export async function nameAval(deps: NameAvalDeps, input: { actor: Actor; ruid: string; atype: AvalType; email?: string | undefined }): Promise<TRentProcess> {
  const { rent } = await loadRentMember(deps.database, input.actor, input.ruid, 'invite');
  requireTransition(rent, 'edit_offer', 'renter');
  await requireInvitationBudget(deps.database, rent.renter_cuid);
  const ctx = (await rentInvitationsRepository.context(deps.database, rent.ruid))!;
  const previous = await rentInvitationsRepository.findCurrent(deps.database, rent.ruid, 'aval');
  if (input.atype === 'nowo') {
    if (input.email) refuse('email', G.emailNotForNowo);
    if (!ctx.first_name || !ctx.first_last_name || !ctx.birthdate) refuse('atype', G.insurerNeedsRenter);
    if (ctx.price === null) refuse('atype', G.insurerNeedsPrice);
    const reference = `${rent.ruid}-${Date.now().toString(36)}`;
    const answer = await deps.bondInsurer.quote({
      reference,
      tenant: { firstName: ctx.first_name!, lastName: ctx.first_last_name!, birthdate: ctx.birthdate!, email: ctx.renter_email },
      rent: { monthlyRent: ctx.price!, maintenanceFee: ctx.maintenance_fee, address: { street: ctx.street ?? '', city: ctx.city ?? '', state: ctx.state ?? '', cp: ctx.zip ?? '' } },
    });
    await rentInvitationsRepository.replaceWith(deps.database, {
      ruid: rent.ruid, role: 'aval', atype: 'nowo', email: null, status: 'accepted',
      is_approved: answer.outcome === 'approved',
      insurer: answer.outcome === 'approved'
        ? { provider: answer.provider, reference: answer.reference, premium: answer.premiumAnnual }
        : { provider: answer.provider, reference: null, premium: null },
    });
    if (previous) await forgetReplacedPerson(deps, rent.ruid, 'aval');
    return loadRentProcess(deps.database, input);
  }
  const email = input.email ?? refuse('email', G.emailRequired);
  if (email === ctx.renter_email) refuse('email', G.notYourself);
  if (email === ctx.owner_email) refuse('email', G.notTheOwner);
  const second = await rentInvitationsRepository.findCurrent(deps.database, rent.ruid, 'second_renter');
  if (second?.email === email) refuse('email', G.sameAsSecondRenter);
  const approvedBefore = await rentInvitationsRepository.wasApprovedBefore(deps.database, email);
  const iuid = await rentInvitationsRepository.replaceWith(deps.database, { ruid: rent.ruid, role: 'aval', atype: input.atype, email, approved_before: approvedBefore });
  if (previous && previous.email !== email) await forgetReplacedPerson(deps, rent.ruid, 'aval');
  await sendInvitationEmail(deps, { iuid, email, atype: input.atype, renterNickname: ctx.renter_nickname, price: ctx.price, addr: ctx.addr });
  return loadRentProcess(deps.database, input);
}
