import { CONTRACT_MESSAGES as M, type TContractState } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { renderEmail } from '../messaging/render-email.ts';
import { sendEmail } from '../messaging/send-email.ts';
import { changeStep } from '../rents/change-step.ts';
import { requireTransition } from '../rents/rent-access.ts';
import { rentsRepository } from '../rents/rents-repository.ts';
import { startRentPayments } from '../rent-payments/start-rent-payments.ts';
import { collectLeaseData } from './collect-lease-data.ts';
import type { ContractDeps } from './contract-deps.ts';
import { contractsRepository, type ContractRow } from './contracts-repository.ts';
import { getContractState } from './get-contract-state.ts';
import { loadContractParty } from './load-contract-party.ts';

/**
 * The provider's submission of rent `ruid`'s contract, created on first need from the stored draft with one submitter
 * per signer (tenant, second renter of a joint rent, aval/obligado, owner). Concurrent first calls: one submission is
 * recorded, the other call reads it.
 * @throws AppError CONFLICT M.notSigning off on_contract_sign, M.notGenerated without a draft, M.missingEmail when a
 *   signer has no e-mail; UNAVAILABLE from the provider
 */
async function ensureSubmission(deps: ContractDeps, ruid: string, step: string): Promise<ContractRow> {
  if (step !== 'on_contract_sign') throw new AppError('CONFLICT', M.notSigning);
  const contract = await contractsRepository.find(deps.database.db, ruid);
  if (!contract) throw new AppError('CONFLICT', M.notGenerated);
  if (contract.submission_id) return contract;
  const { signers } = await collectLeaseData(deps.database, ruid, { publicUrl: deps.publicUrl });
  if (signers.some((s) => !s.email)) throw new AppError('CONFLICT', M.missingEmail);
  const file = await deps.storage.get(contract.pdf_key);
  if (!file) throw new AppError('CONFLICT', M.notGenerated);
  const submission = await deps.eSignature.createSubmission({
    name: `Contrato de arrendamiento ${ruid}`, pdf: file.body,
    submitters: signers.map((s) => ({ role: s.role, name: s.name, email: s.email!, externalId: `${ruid}:${s.role}` })),
  });
  await contractsRepository.saveSubmission(deps.database.db, {
    ruid, provider: deps.eSignature.name, submissionId: submission.id,
    signers: signers.map((s) => {
      const at = submission.submitters.find((x) => x.role === s.role);
      return { role: s.role, cuid: s.cuid, name: s.name, email: s.email!, submitter_id: at?.id ?? null, signing_url: at?.signingUrl ?? null };
    }),
  });
  return (await contractsRepository.find(deps.database.db, ruid))!;
}

/**
 * Reads the submission's state from the provider and records each party's signature; when every party has signed,
 * copies the signed PDF and the audit trail into storage and, in one transaction, marks the contract complete, moves
 * the rent on_contract_sign → on_rent (all_signed, with its system message) and starts the payment schedule
 * (rent-payments' startRentPayments, interfaces seam 2). Idempotent: a second call after completion changes nothing.
 * @returns true when this call completed the contract
 */
export async function syncSignatures(deps: ContractDeps, contract: ContractRow): Promise<boolean> {
  if (!contract.submission_id || contract.completed_at) return false;
  const submission = await deps.eSignature.getSubmission(contract.submission_id);
  for (const s of submission.submitters) {
    if (s.status === 'completed') await contractsRepository.markSigned(deps.database.db, contract.ruid, s.role, s.completedAt ?? new Date());
  }
  const signers = await contractsRepository.signers(deps.database.db, contract.ruid);
  if (signers.length === 0 || signers.some((s) => !s.signed_at) || !submission.signedDocumentUrl) return false;
  const base = `contracts/${contract.ruid.toLowerCase()}`;
  const signed = await deps.eSignature.download(submission.signedDocumentUrl);
  await deps.storage.put(`${base}/signed.pdf`, signed, { contentType: 'application/pdf' });
  let auditKey: string | null = null;
  if (submission.auditLogUrl) {
    await deps.storage.put(`${base}/audit.pdf`, await deps.eSignature.download(submission.auditLogUrl), { contentType: 'application/pdf' });
    auditKey = `${base}/audit.pdf`;
  }
  return deps.database.db.transaction().execute(async (trx) => {
    if (!(await contractsRepository.complete(trx, { ruid: contract.ruid, signedPdfKey: `${base}/signed.pdf`, auditKey }))) return false;
    const scoped = { ...deps.database, db: trx };
    const rent = await rentsRepository.find(scoped, contract.ruid);
    if (!rent || rent.step !== 'on_contract_sign') return true;
    const to = requireTransition(rent, 'all_signed', 'owner');
    await changeStep({ database: scoped, events: deps.events }, rent, to, { systemText: M.allSigned });
    await startRentPayments(trx, rent.ruid, deps.now ? { now: deps.now() } : {});
    return true;
  });
}

/**
 * POST /v1/rents/send-link-to-sign `{ ruid }` (issue 13; spec 03 §7): creates the submission if needed and e-mails
 * every party who has not signed their own signing link (through the e-mail job).
 * @returns the contract's state
 * @throws AppError UNAUTHORIZED; NOT_FOUND for a stranger; CONFLICT M.notSigning / M.notGenerated / M.missingEmail;
 *   UNAVAILABLE from the provider
 */
export async function sendSigningLinks(deps: ContractDeps, input: { actor: Actor; ruid: string }): Promise<TContractState> {
  const { rent } = await loadContractParty(deps.database, input.actor, input.ruid, 'act');
  const contract = await ensureSubmission(deps, rent.ruid, rent.step);
  await syncSignatures(deps, contract);
  const { data } = await collectLeaseData(deps.database, rent.ruid, { publicUrl: deps.publicUrl });
  for (const signer of await contractsRepository.signers(deps.database.db, rent.ruid)) {
    if (signer.signed_at || !signer.signing_url) continue;
    const body = renderEmail({ title: M.emailTitle, paragraphs: [M.emailIntro(data.address)], button: { label: M.emailButton, url: signer.signing_url }, footer: M.emailFooter });
    try {
      await sendEmail(deps.messaging, { to: signer.email, subject: M.emailSubject, ...body, links: [signer.signing_url], codes: [] });
    } catch (error) {
      console.error(`contract ${rent.ruid}: signing link for ${signer.role} not queued: ${error instanceof Error ? error.message : 'error'}`);
    }
  }
  return getContractState(deps, input);
}

/**
 * POST /v1/rents/sign `{ ruid }` (issue 13; spec 03 §7): the caller asks for their signing link — the submission is
 * created if needed — and the signatures are refreshed from the provider; when the last party has signed the rent
 * moves to on_rent (syncSignatures). The answer's `my_signing_url` is the caller's link while they have not signed.
 * @throws AppError UNAUTHORIZED; NOT_FOUND for a stranger; CONFLICT M.notSigning (unless already complete) /
 *   M.notGenerated / M.missingEmail; UNAVAILABLE from the provider
 */
export async function signContract(deps: ContractDeps, input: { actor: Actor; ruid: string }): Promise<TContractState> {
  const { rent } = await loadContractParty(deps.database, input.actor, input.ruid, 'act');
  const existing = await contractsRepository.find(deps.database.db, rent.ruid);
  if (existing?.completed_at) return getContractState(deps, input);
  const contract = await ensureSubmission(deps, rent.ruid, rent.step);
  await syncSignatures(deps, contract);
  return getContractState(deps, input);
}

/**
 * A provider's notice that a submission changed (DocuSeal webhook form.completed / submission.completed, the sandbox
 * signing page): the state is read again from the provider (the notice is not trusted beyond its id).
 * @returns true when the submission is one of ours
 */
export async function refreshSubmission(deps: ContractDeps, submissionId: string): Promise<boolean> {
  const contract = await contractsRepository.findBySubmission(deps.database.db, deps.eSignature.name, submissionId);
  if (!contract) return false;
  await syncSignatures(deps, contract);
  return true;
}
