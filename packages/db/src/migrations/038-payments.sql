-- Issue 13 'Payments' (spec 03 §3 'Transaction', §4 pay flows, §7 payments endpoints; decision 023).
-- Transactions move to integer centavos MXN: the numeric pesos columns of 031 are converted (×100, rounded half away
-- from zero, decision 023) and dropped, so no code can keep reading pesos.
ALTER TABLE transactions
  ADD COLUMN amount_cents bigint,
  ADD COLUMN emoney_used_cents bigint NOT NULL DEFAULT 0,
  ADD COLUMN ruid text,
  ADD COLUMN description text,
  ADD COLUMN paid_at timestamptz,
  ADD COLUMN provider text,
  ADD COLUMN payment_method text;
UPDATE transactions SET amount_cents = round(amount * 100), emoney_used_cents = round(emoney_used * 100),
  ruid = CASE WHEN reftype = 'rent' THEN referid ELSE NULL END,
  paid_at = CASE WHEN tstatus = 'completed' THEN transaction_created ELSE NULL END;
ALTER TABLE transactions ALTER COLUMN amount_cents SET NOT NULL;
ALTER TABLE transactions ADD CONSTRAINT transactions_amount_cents_check CHECK (amount_cents > 0);
ALTER TABLE transactions ADD CONSTRAINT transactions_emoney_used_cents_check CHECK (emoney_used_cents >= 0 AND emoney_used_cents <= amount_cents);
ALTER TABLE transactions DROP COLUMN amount;
ALTER TABLE transactions DROP COLUMN emoney_used;
CREATE INDEX IF NOT EXISTS transactions_ruid_idx ON transactions (ruid, duedate);
CREATE INDEX IF NOT EXISTS transactions_checkout_idx ON transactions (provider_checkout_id);

-- One payment attempt of one or several pending transactions of one payer: the e-money part (debited at once) and
-- the provider's checkout session for the rest. A failed or expired session gives the e-money back (once).
CREATE TABLE IF NOT EXISTS payment_checkouts (
  pcuid text PRIMARY KEY,
  cuid text NOT NULL REFERENCES clients(cuid) ON DELETE CASCADE,
  tuids text NOT NULL,
  total_cents bigint NOT NULL CHECK (total_cents > 0),
  emoney_cents bigint NOT NULL DEFAULT 0 CHECK (emoney_cents >= 0),
  provider_cents bigint NOT NULL CHECK (provider_cents >= 0),
  provider text NOT NULL,
  provider_session_id text UNIQUE,
  provider_payment_id text,
  checkout_url text,
  payment_method text,
  status text NOT NULL CHECK (status IN ('open', 'completed', 'failed', 'expired')),
  emoney_returned boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS payment_checkouts_cuid_idx ON payment_checkouts (cuid, created_at);

-- Provider webhook events already handled: the primary key makes a replayed or duplicated event a no-op.
CREATE TABLE IF NOT EXISTS payment_webhook_events (
  event_id text PRIMARY KEY,
  event_type text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);

-- Sandbox provider's sessions (only used when PAYMENTS_PROVIDER=sandbox): what its hosted page shows and pays.
CREATE TABLE IF NOT EXISTS payment_sandbox_sessions (
  session_id text PRIMARY KEY,
  amount_cents bigint NOT NULL,
  currency text NOT NULL,
  description text NOT NULL,
  client_reference_id text,
  metadata text NOT NULL,
  success_url text NOT NULL,
  cancel_url text NOT NULL,
  oxxo_expires_days integer NOT NULL,
  status text NOT NULL CHECK (status IN ('open', 'complete', 'expired')),
  payment_status text NOT NULL CHECK (payment_status IN ('unpaid', 'paid', 'no_payment_required')),
  payment_method text,
  oxxo_reference text,
  oxxo_expires_at timestamptz,
  spei_clabe text,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- E-money pays part of a payment (debit) and is given back when that payment fails or expires (refund).
ALTER TABLE emoney_ledger DROP CONSTRAINT IF EXISTS emoney_ledger_kind_check;
ALTER TABLE emoney_ledger ADD CONSTRAINT emoney_ledger_kind_check
  CHECK (kind IN ('welcome_reward', 'referral_reward', 'adjustment', 'payment_debit', 'payment_refund'));
ALTER TABLE emoney_ledger ADD COLUMN IF NOT EXISTS pcuid text;
CREATE UNIQUE INDEX IF NOT EXISTS emoney_ledger_payment_once ON emoney_ledger (pcuid, kind) WHERE pcuid IS NOT NULL;
