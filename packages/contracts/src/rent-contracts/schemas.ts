import { z } from 'zod';
import { CONTRACT_MESSAGES as M } from './messages.ts';

const ruid = z.string({ error: M.ruidInvalid }).min(1, { error: M.ruidInvalid }).max(64, { error: M.ruidInvalid });

/** The roles that sign a lease (spec 03 §3: tenant, second renter of a joint rent, aval/obligado, owner). */
export const CONTRACT_SIGNER_ROLES = ['renter', 'second_renter', 'aval', 'owner'] as const;
export type ContractSignerRole = (typeof CONTRACT_SIGNER_ROLES)[number];

/** POST /v1/rents/contract, /v1/rents/send-link-to-sign, /v1/rents/sign — `{ ruid }`. */
export const ZContractRuidBody = z.object({ ruid });
/** GET /v1/rents/{ruid}/contract… */
export const ZContractParams = z.object({ ruid });

/** One party of the contract as every party reads it. */
export const ZContractSigner = z.object({
  role: z.enum(CONTRACT_SIGNER_ROLES), roleLabel: z.string(), name: z.string(),
  /** ISO time of the signature, null while pending. */
  signed_at: z.string().nullable(),
  /** True for the reader's own row. */
  is_me: z.boolean(),
});
/** The contract's state (GET /v1/rents/{ruid}/contract and every contract call's answer). */
export const ZContractState = z.object({
  ruid: z.string(), step: z.string(),
  /** True when the reader may generate it now (on_accepted_offer, or on_contract_sign with no signature yet). */
  can_generate: z.boolean(),
  generated: z.boolean(),
  /** Hex SHA-256 of the draft PDF's bytes. */
  pdf_sha256: z.string().nullable(),
  generated_at: z.string().nullable(),
  provider: z.string().nullable(),
  submission_created: z.boolean(),
  signers: z.array(ZContractSigner),
  completed_at: z.string().nullable(),
  /** The reader's own signing link, when the submission exists and they have not signed. */
  my_signing_url: z.string().nullable(),
});
export type TContractState = z.infer<typeof ZContractState>;

/** POST /v1/esign/sandbox/{slug} — the sandbox signing page's form. */
export const ZSandboxSignBody = z.object({
  full_name: z.string({ error: M.signNameMismatch }).trim().min(3, { error: M.signNameMismatch }).max(200, { error: M.signNameMismatch }),
  accept: z.boolean({ error: M.signMustAccept }),
});
export const ZSandboxSlugParams = z.object({ slug: z.string({ error: M.signerNotFound }).min(8, { error: M.signerNotFound }).max(80, { error: M.signerNotFound }) });
/** What the sandbox signing page shows. */
export const ZSandboxSigner = z.object({
  slug: z.string(), name: z.string(), roleLabel: z.string(), signed: z.boolean(), document_title: z.string(),
});
