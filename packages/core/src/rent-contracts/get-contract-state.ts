import { CONTRACT_MESSAGES as M, type TContractState } from '@nj/contracts';
import type { Actor } from '../policies/actor.ts';
import type { ContractDeps } from './contract-deps.ts';
import { contractsRepository } from './contracts-repository.ts';
import { loadContractParty } from './load-contract-party.ts';

/**
 * GET /v1/rents/{ruid}/contract (issue 13): the contract's state for a party — the draft's hash and time, the
 * provider, each signer with their signature time, completion, and the reader's own signing link while they have
 * not signed.
 * @throws AppError UNAUTHORIZED; NOT_FOUND for anyone but the lease's parties
 */
export async function getContractState(deps: Pick<ContractDeps, 'database'>, input: { actor: Actor; ruid: string }): Promise<TContractState> {
  const { rent, role } = await loadContractParty(deps.database, input.actor, input.ruid, 'read');
  const contract = await contractsRepository.find(deps.database.db, rent.ruid);
  const signers = contract ? await contractsRepository.signers(deps.database.db, rent.ruid) : [];
  const mine = signers.find((s) => s.role === role);
  return {
    ruid: rent.ruid, step: rent.step,
    can_generate: rent.step === 'on_accepted_offer' || (rent.step === 'on_contract_sign' && !signers.some((s) => s.signed_at)),
    generated: !!contract,
    pdf_sha256: contract?.pdf_sha256 ?? null,
    generated_at: contract?.generated_at.toISOString() ?? null,
    provider: contract?.provider ?? null,
    submission_created: !!contract?.submission_id,
    signers: signers.map((s) => ({ role: s.role, roleLabel: M.roleLabels[s.role] ?? s.role, name: s.name, signed_at: s.signed_at?.toISOString() ?? null, is_me: s.role === role })),
    completed_at: contract?.completed_at?.toISOString() ?? null,
    my_signing_url: mine && !mine.signed_at ? mine.signing_url : null,
  };
}
