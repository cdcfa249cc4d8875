import { RENTS_MESSAGES, type ContractSignerRole } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { isClient, type Actor } from '../policies/actor.ts';
import { authorize } from '../policies/policy.ts';
import { rentContractPolicy } from '../policies/rent-contract.ts';
import { rentInvitationsRepository } from '../rent-guarantors/rent-invitations-repository.ts';
import { rentsRepository, type RentRow } from '../rents/rents-repository.ts';

/** A lease party's view of the rent: the rent, the accepted second renter and guarantor, and the actor's role. */
export type ContractParty = { rent: RentRow; role: ContractSignerRole; secondRenterCuid: string | null; avalCuid: string | null };

/**
 * Loads rent `ruid` for a party of its lease (tenant, owner, accepted second renter or guarantor) and checks the
 * rent_contract policy's `action`.
 * @throws AppError UNAUTHORIZED for visitors and anonymous clients; NOT_FOUND 'No encontramos esta conversación' for
 *   an unknown rent or anyone else
 */
export async function loadContractParty(database: Database, actor: Actor, ruid: string, action: 'read' | 'act'): Promise<ContractParty> {
  authorize(actor, rentContractPolicy, action);
  const rent = await rentsRepository.find(database, ruid);
  if (!rent) throw new AppError('NOT_FOUND', RENTS_MESSAGES.rentNotFound);
  const members = await rentInvitationsRepository.acceptedMembers(database, ruid);
  const secondRenterCuid = members.find((m) => m.role === 'second_renter')?.cuid ?? null;
  const avalCuid = members.find((m) => m.role === 'aval')?.cuid ?? null;
  authorize(actor, rentContractPolicy, action, { renter_cuid: rent.renter_cuid, owner_cuid: rent.owner_cuid, second_renter_cuid: secondRenterCuid, aval_cuid: avalCuid });
  const role: ContractSignerRole = isClient(actor, rent.renter_cuid) ? 'renter' : isClient(actor, rent.owner_cuid) ? 'owner'
    : isClient(actor, secondRenterCuid) ? 'second_renter' : 'aval';
  return { rent, role, secondRenterCuid, avalCuid };
}
