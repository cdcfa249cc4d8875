import { GUARANTOR_MESSAGES as G, type InvitationOption, type TMyInvitations } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { authorize, ownCuid } from '../policies/policy.ts';
import { rentInvitationPolicy } from '../policies/rent-invitation.ts';
import { answerableStep } from './guarantor-steps.ts';
import type { MessagingConfig } from '../messaging/messaging-config.ts';
import { listMyInvitations } from './list-my-invitations.ts';
import { sendAnsweredEmail } from './send-invitation-email.ts';
import { rentInvitationsRepository, type InvitationWithRent } from './rent-invitations-repository.ts';

/**
 * Loads invitation `iuid` of `role` and checks the rent_invitation policy's `action` for `actor` (the invitee only).
 * @throws AppError UNAUTHORIZED; NOT_FOUND 'No encontramos esta invitación' for an unknown id, another role, a bond
 *   insurance (no person) or anyone but the invitee
 */
export async function loadInvitationFor(
  database: Database, actor: Actor, iuid: string, role: 'aval' | 'second_renter', action: 'answer' | 'guarantee',
): Promise<InvitationWithRent> {
  authorize(actor, rentInvitationPolicy, action);
  const row = await rentInvitationsRepository.findWithRent(database, iuid);
  if (!row || row.role !== role) throw new AppError('NOT_FOUND', G.invitationNotFound);
  authorize(actor, rentInvitationPolicy, action, { renter_cuid: row.renter_cuid, owner_cuid: row.owner_cuid, invitee_cuid: row.invitee_cuid });
  return row;
}

/**
 * The invited person answers (POST /v1/rents/aval/{aval_uid} `{ option }`, spec 03 §7; the second renter's POST
 * /v1/rents/second-renter/{iuid}): 'accept' makes them the rent's guarantor or second renter (they may then fill in
 * their own person data), 'reject' declines. Only the invitee, once, while the rent is in client_offer_in_process or
 * on_offer. The tenant gets an e-mail saying so, with a link to the proposal.
 * @returns the invitee's invitations, refreshed (TMyInvitations)
 * @throws AppError NOT_FOUND (see loadInvitationFor); GONE when the tenant named someone else; CONFLICT when already
 *   answered or the rent no longer takes changes
 */
export async function answerInvitation(
  deps: { database: Database; messaging: MessagingConfig; publicUrl: string },
  input: { actor: Actor; iuid: string; role: 'aval' | 'second_renter'; option: InvitationOption },
): Promise<TMyInvitations> {
  const { database } = deps;
  const row = await loadInvitationFor(database, input.actor, input.iuid, input.role, 'answer');
  if (row.status === 'replaced') throw new AppError('GONE', G.replaced);
  if (row.status !== 'pending') throw new AppError('CONFLICT', G.alreadyAnswered);
  if (!answerableStep(row.step, 'answer')) throw new AppError('CONFLICT', G.closed);
  const changed = await rentInvitationsRepository.answer(database, row.iuid, ownCuid(input.actor), input.option === 'accept' ? 'accepted' : 'rejected');
  if (!changed) throw new AppError('CONFLICT', G.alreadyAnswered);
  const people = await database.db.selectFrom('clients').select(['cuid', 'email', 'nickname']).where('cuid', 'in', [row.renter_cuid, ownCuid(input.actor)]).execute();
  const renter = people.find((p) => p.cuid === row.renter_cuid);
  const me = people.find((p) => p.cuid === input.actor.cuid);
  await sendAnsweredEmail(deps, {
    to: renter?.email ?? null, ruid: row.ruid, who: me?.nickname?.trim() || row.email || '—', accepted: input.option === 'accept', asAval: input.role === 'aval',
  });
  return listMyInvitations(database, input);
}
