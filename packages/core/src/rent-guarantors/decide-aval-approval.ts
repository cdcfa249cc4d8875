import { GUARANTOR_MESSAGES as G, type TAvalSummary } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { hasPrivilege, type Actor } from '../policies/actor.ts';
import { authorize, ownCuid } from '../policies/policy.ts';
import { rentInvitationPolicy } from '../policies/rent-invitation.ts';
import { toAvalSummary } from './load-rent-process.ts';
import { rentInvitationsRepository } from './rent-invitations-repository.ts';

/**
 * Support, or the owner of the rent while the proposal awaits their decision (on_offer), decides on the guarantor
 * (POST /v1/rents/aval/{aval_uid}/approval; spec 03 §4 'Guarantor': is_approved null = in review, true = approved,
 * false = not approved; for an obligado the joint-guarantor verification flags is_os_confirmed / is_os_approved of
 * support's OS ticket). Only a guarantor who accepted; a bond insurance is decided by the insurer.
 * @returns the guarantor as the rent's people read it (TAvalSummary, without the e-mail)
 * @throws AppError NOT_FOUND for an unknown id or a stranger; FORBIDDEN for the tenant, the guarantor, or the owner
 *   outside on_offer; CONFLICT for a pending or rejected invitation or a bond insurance; BAD_REQUEST `fields` for the
 *   OS flags on a guarantor that is not an obligado
 */
export async function decideAvalApproval(
  database: Database,
  input: { actor: Actor; iuid: string; changes: { is_approved?: boolean | null | undefined; is_os_confirmed?: boolean | undefined; is_os_approved?: boolean | null | undefined } },
): Promise<TAvalSummary> {
  authorize(input.actor, rentInvitationPolicy, 'decide');
  const row = await rentInvitationsRepository.findWithRent(database, input.iuid);
  if (!row || row.role !== 'aval') throw new AppError('NOT_FOUND', G.invitationNotFound);
  authorize(input.actor, rentInvitationPolicy, 'decide', { renter_cuid: row.renter_cuid, owner_cuid: row.owner_cuid, invitee_cuid: row.invitee_cuid });
  if (!hasPrivilege(input.actor, 'support') && row.step !== 'on_offer') throw new AppError('FORBIDDEN', G.approvalOnlySupport);
  if (row.atype === 'nowo') throw new AppError('CONFLICT', G.approvalNowo);
  if (row.status !== 'accepted') throw new AppError('CONFLICT', row.status === 'replaced' ? G.replaced : G.approvalNotYet);
  const { is_approved, is_os_confirmed, is_os_approved } = input.changes;
  if ((is_os_confirmed !== undefined || is_os_approved !== undefined) && row.atype !== 'obligado') {
    throw new AppError('BAD_REQUEST', G.osOnlyObligado, { is_os_confirmed: G.osOnlyObligado });
  }
  const changes = {
    ...(is_approved !== undefined ? { is_approved } : {}),
    ...(is_os_confirmed !== undefined ? { is_os_confirmed } : {}),
    ...(is_os_approved !== undefined ? { is_os_approved } : {}),
  };
  await rentInvitationsRepository.decide(database, row.iuid, ownCuid(input.actor), changes);
  const fresh = (await rentInvitationsRepository.findCurrent(database, row.ruid, 'aval'))!;
  const withData = await rentInvitationsRepository.rolesWithData(database, row.ruid);
  return toAvalSummary(fresh, withData.has('aval'), false);
}
