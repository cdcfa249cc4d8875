-- Issue 13 'Contract and signature' (spec 03 §3 Rent, §4 on_contract_sign → on_rent, §7 /v1/rents/contract,
-- /v1/rents/send-link-to-sign, /v1/rents/sign; decision 021): the lease PDF generated from the accepted offer, its
-- SHA-256, the e-signature submission at the provider (DocuSeal or the sandbox) and each party's signature.
CREATE TABLE IF NOT EXISTS rent_contracts (
  ruid text PRIMARY KEY REFERENCES rents(ruid) ON DELETE CASCADE,
  -- The draft PDF in the storage adapter (contracts/{ruid}/{hash}.pdf) and the hex SHA-256 of its bytes.
  pdf_key text NOT NULL,
  pdf_sha256 text NOT NULL,
  generated_by text REFERENCES clients(cuid) ON DELETE SET NULL,
  generated_at timestamptz NOT NULL DEFAULT now(),
  -- The provider's submission (null until the signing links are asked for).
  provider text,
  submission_id text,
  -- Once every party signed: the signed PDF and its audit trail, copied into storage.
  signed_pdf_key text,
  audit_key text,
  completed_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX IF NOT EXISTS rent_contracts_submission_idx ON rent_contracts (provider, submission_id) WHERE submission_id IS NOT NULL;

-- One row per party who signs (tenant, second renter, aval/obligado, owner), written with the submission.
CREATE TABLE IF NOT EXISTS rent_contract_signers (
  ruid text NOT NULL REFERENCES rent_contracts(ruid) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('renter', 'second_renter', 'aval', 'owner')),
  cuid text REFERENCES clients(cuid) ON DELETE SET NULL,
  name text NOT NULL,
  email text NOT NULL,
  submitter_id text,
  signing_url text,
  signed_at timestamptz,
  PRIMARY KEY (ruid, role)
);

-- The sandbox e-signature provider's own records (ESIGN_PROVIDER=sandbox; never used with DocuSeal): a submission
-- with its document and each submitter's slug, signed on the page /firma/{slug} by typing the full name.
CREATE TABLE IF NOT EXISTS esign_sandbox_submissions (
  id text PRIMARY KEY,
  name text NOT NULL,
  document bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS esign_sandbox_submitters (
  slug text PRIMARY KEY,
  submission_id text NOT NULL REFERENCES esign_sandbox_submissions(id) ON DELETE CASCADE,
  role text NOT NULL,
  name text NOT NULL,
  email text NOT NULL,
  typed_name text,
  opened_at timestamptz,
  completed_at timestamptz,
  ip text
);
CREATE INDEX IF NOT EXISTS esign_sandbox_submitters_submission_idx ON esign_sandbox_submitters (submission_id);
