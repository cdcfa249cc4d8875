-- Issue 13 'Bank accounts' (spec 03 §3 'Bank account' and Rent.bank_account, §7 bank-accounts endpoints) and the
-- payouts the escrow makes (decisions 024 and 025). Account numbers are sealed at rest (AES-256-GCM under
-- DATA_ENCRYPTION_KEY, like the person data); only the last four digits are kept in clear for display.
CREATE TABLE IF NOT EXISTS bank_accounts (
  bauid text PRIMARY KEY,
  cuid text NOT NULL REFERENCES clients(cuid) ON DELETE CASCADE,
  -- 'clabe': a Mexican account (18-digit CLABE); 'foreign': SWIFT/BIC and an account number or IBAN.
  kind text NOT NULL CHECK (kind IN ('clabe', 'foreign')),
  bank_key text,
  bank_name text,
  swift text,
  number_sealed text NOT NULL,
  last4 text NOT NULL,
  holder_name text NOT NULL,
  isdel boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX IF NOT EXISTS bank_accounts_cuid_idx ON bank_accounts (cuid, created_at);

-- The owner's account that receives this rent's payouts (spec 03 §3 Rent 'bank_account').
ALTER TABLE rents ADD COLUMN bank_account text REFERENCES bank_accounts(bauid);

-- Money the platform sends out of custody (decision 024): first month and later rents to the owner, the deposit back
-- to the tenant, the agreed deduction to the owner. One row per (rent, client, reason, source transactions): a second
-- schedule of the same payout is the same row.
CREATE TABLE IF NOT EXISTS payouts (
  pouid text PRIMARY KEY,
  cuid text NOT NULL REFERENCES clients(cuid) ON DELETE CASCADE,
  ruid text NOT NULL,
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  reason text NOT NULL CHECK (reason IN ('rent_release', 'deposit_release', 'deposit_return')),
  source_tuids text NOT NULL,
  source_key text NOT NULL,
  bauid text REFERENCES bank_accounts(bauid),
  status text NOT NULL CHECK (status IN ('awaiting_account', 'scheduled', 'sent', 'liquidated', 'rejected', 'failed')),
  provider text,
  tracking_key text,
  provider_id text,
  failure_reason text,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  settled_at timestamptz,
  UNIQUE (ruid, cuid, reason, source_key)
);
CREATE INDEX IF NOT EXISTS payouts_cuid_status_idx ON payouts (cuid, status);
CREATE UNIQUE INDEX IF NOT EXISTS payouts_tracking_key_idx ON payouts (tracking_key);
