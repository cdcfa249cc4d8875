import { GUARANTOR_MESSAGES as G, type ProofOfAddressFields, type TMyInvitations } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { answerableStep } from './guarantor-steps.ts';
import { loadInvitationFor } from './answer-invitation.ts';
import { listMyInvitations } from './list-my-invitations.ts';
import { rentInvitationsRepository } from './rent-invitations-repository.ts';

/**
 * The guarantor of type aval records the property offered as guarantee (PUT /v1/rents/aval/{aval_uid}/guarantee,
 * the address fields of a proof of address; issue 12 'The guarantor': a property with deed or predial as proof —
 * the file is a document of the aval, uploaded apart). Only the accepted aval, only while the proposal is in
 * client_offer_in_process.
 * @returns the guarantor's invitations, refreshed (TMyInvitations)
 * @throws AppError NOT_FOUND for anyone but the invitee; FORBIDDEN for an obligado or before accepting; CONFLICT
 *   once the proposal was sent
 */
export async function saveGuarantee(database: Database, input: { actor: Actor; iuid: string; fields: ProofOfAddressFields }): Promise<TMyInvitations> {
  const row = await loadInvitationFor(database, input.actor, input.iuid, 'aval', 'guarantee');
  if (row.atype !== 'aval' || row.status !== 'accepted') throw new AppError('FORBIDDEN', G.guaranteeOnlyAval);
  if (!answerableStep(row.step, 'edit')) throw new AppError('CONFLICT', G.closed);
  await rentInvitationsRepository.setGuarantee(database, row.iuid, input.fields);
  return listMyInvitations(database, input);
}
