import { createHash } from 'node:crypto';
import { CONTRACT_MESSAGES as M, type TContractState } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { changeStep } from '../rents/change-step.ts';
import { requireTransition } from '../rents/rent-access.ts';
import { collectLeaseData } from './collect-lease-data.ts';
import type { ContractDeps } from './contract-deps.ts';
import { contractsRepository } from './contracts-repository.ts';
import { getContractState } from './get-contract-state.ts';
import { loadContractParty } from './load-contract-party.ts';
import { renderLeasePdf } from './render-lease-pdf.ts';

/**
 * POST /v1/rents/contract `{ ruid }` (issue 13; spec 03 §7): a party of the lease generates its PDF from the accepted
 * offer (collectLeaseData → renderLeasePdf), stores it under `contracts/{ruid}/draft-{sha256}.pdf` with the SHA-256
 * of its bytes, and moves the rent on_accepted_offer → on_contract_sign (start_contract; the step's system message).
 * At on_contract_sign it may be generated again while nobody has signed: a new hash, and the earlier signing links
 * (submission) are dropped.
 * @returns the contract's state
 * @throws AppError UNAUTHORIZED; NOT_FOUND for a stranger; CONFLICT M.wrongStep outside those steps, M.alreadySigned
 *   once someone signed, M.missingOffer when the offer lacks the rent or the dates
 */
export async function generateContract(deps: ContractDeps, input: { actor: Actor; ruid: string }): Promise<TContractState> {
  const party = await loadContractParty(deps.database, input.actor, input.ruid, 'act');
  const { rent } = party;
  if (rent.step === 'on_accepted_offer') {
    requireTransition(rent, 'start_contract', party.role === 'owner' ? 'owner' : 'renter');
  } else if (rent.step === 'on_contract_sign') {
    const signers = await contractsRepository.signers(deps.database.db, rent.ruid);
    if (signers.some((s) => s.signed_at)) throw new AppError('CONFLICT', M.alreadySigned);
  } else {
    throw new AppError('CONFLICT', M.wrongStep);
  }
  const { data } = await collectLeaseData(deps.database, rent.ruid, { publicUrl: deps.publicUrl, readInventory: deps.readInventory });
  const pdf = await renderLeasePdf(data, (deps.now ?? (() => new Date()))());
  const sha256 = createHash('sha256').update(pdf).digest('hex');
  const pdfKey = `contracts/${rent.ruid.toLowerCase()}/draft-${sha256.slice(0, 32)}.pdf`;
  await deps.storage.put(pdfKey, pdf, { contentType: 'application/pdf' });
  await deps.database.db.transaction().execute(async (trx) => {
    await contractsRepository.saveDraft(trx, { ruid: rent.ruid, pdfKey, sha256, by: input.actor.cuid! });
    if (rent.step === 'on_accepted_offer') {
      await changeStep({ database: { ...deps.database, db: trx }, events: deps.events }, rent, 'on_contract_sign', { systemText: M.systemGenerated });
    }
  });
  return getContractState(deps, input);
}
