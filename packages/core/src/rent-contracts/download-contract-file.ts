import { CONTRACT_MESSAGES as M } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import type { ContractDeps } from './contract-deps.ts';
import { contractsRepository } from './contracts-repository.ts';
import { loadContractParty } from './load-contract-party.ts';

/** Which file of the contract: the draft, the signed PDF, the audit trail. */
export type ContractFileKind = 'draft' | 'signed' | 'audit';

/**
 * A contract file for a party of the lease only (GET /v1/rents/{ruid}/contract/pdf, …/signed, …/audit; issue 13).
 * @returns the PDF's bytes, its SHA-256 for the draft, and a file name
 * @throws AppError UNAUTHORIZED; NOT_FOUND for a stranger, M.notGenerated without a draft, M.notSigned before all signed
 */
export async function downloadContractFile(deps: Pick<ContractDeps, 'database' | 'storage'>, input: { actor: Actor; ruid: string; kind: ContractFileKind }): Promise<{ body: Buffer; fileName: string }> {
  const { rent } = await loadContractParty(deps.database, input.actor, input.ruid, 'read');
  const contract = await contractsRepository.find(deps.database.db, rent.ruid);
  if (!contract) throw new AppError('NOT_FOUND', M.notGenerated);
  const key = input.kind === 'draft' ? contract.pdf_key : input.kind === 'signed' ? contract.signed_pdf_key : contract.audit_key;
  if (!key) throw new AppError('NOT_FOUND', M.notSigned);
  const file = await deps.storage.get(key);
  if (!file) throw new AppError('NOT_FOUND', input.kind === 'draft' ? M.notGenerated : M.notSigned);
  const names = { draft: 'contrato-borrador', signed: 'contrato-firmado', audit: 'contrato-auditoria' } as const;
  return { body: file.body, fileName: `${names[input.kind]}-${rent.ruid}.pdf` };
}
