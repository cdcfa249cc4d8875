import { GUARANTOR_MESSAGES as G, INVITATIONS_PER_DAY, RENTS_MESSAGES } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { hasPrivilege, isClient, type Actor } from '../policies/actor.ts';
import { authorize } from '../policies/policy.ts';
import { rentInvitationPolicy } from '../policies/rent-invitation.ts';
import { rentsRepository, type RentRow } from '../rents/rents-repository.ts';
import { rentInvitationsRepository } from './rent-invitations-repository.ts';

/** A person's place in a rent: its two parties, the accepted second renter and guarantor, or support staff. */
export type RentMemberRole = 'renter' | 'owner' | 'second_renter' | 'aval' | 'support';

/**
 * Loads rent `ruid` for anyone in it (issue 12 'Rules': the tenant, the owner, the second renter and the aval once
 * they accepted, support) and checks `action` of the rent_invitation policy on it.
 * @returns the rent, the actor's role in it, and the accepted members' client ids
 * @throws AppError UNAUTHORIZED; NOT_FOUND 'No encontramos esta conversación' for an unknown rent or a stranger;
 *   FORBIDDEN when the policy says so (e.g. the owner naming a guarantor)
 */
export async function loadRentMember(
  database: Database, actor: Actor, ruid: string, action: 'invite' | 'read_process',
): Promise<{ rent: RentRow; role: RentMemberRole; secondRenterCuid: string | null; avalCuid: string | null }> {
  authorize(actor, rentInvitationPolicy, action);
  const rent = await rentsRepository.find(database, ruid);
  if (!rent) throw new AppError('NOT_FOUND', RENTS_MESSAGES.rentNotFound);
  const members = await rentInvitationsRepository.acceptedMembers(database, ruid);
  const secondRenterCuid = members.find((m) => m.role === 'second_renter')?.cuid ?? null;
  const avalCuid = members.find((m) => m.role === 'aval')?.cuid ?? null;
  authorize(actor, rentInvitationPolicy, action, { renter_cuid: rent.renter_cuid, owner_cuid: rent.owner_cuid, second_renter_cuid: secondRenterCuid, aval_cuid: avalCuid });
  const role: RentMemberRole = isClient(actor, rent.renter_cuid) ? 'renter' : isClient(actor, rent.owner_cuid) ? 'owner'
    : isClient(actor, secondRenterCuid) ? 'second_renter' : isClient(actor, avalCuid) ? 'aval' : hasPrivilege(actor, 'support') ? 'support' : null as never;
  return { rent, role, secondRenterCuid, avalCuid };
}

/**
 * Refuses a new naming when the tenant already named INVITATIONS_PER_DAY people (or insurer requests) in 24 hours.
 * @throws AppError RATE_LIMITED G.tooManyInvitations
 */
export async function requireInvitationBudget(database: Database, renterCuid: string): Promise<void> {
  if (await rentInvitationsRepository.countRecentByRenter(database, renterCuid) >= INVITATIONS_PER_DAY) {
    throw new AppError('RATE_LIMITED', G.tooManyInvitations);
  }
}
