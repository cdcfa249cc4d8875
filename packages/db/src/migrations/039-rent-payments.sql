-- Issue 13 'Payments': the lease's payment schedule and the platform's custody of the money (escrow; decision 024).
-- One row per rent, written when payments start (the last signature moves the rent to on_rent: payments_started_at)
-- or when the handover (move-in inventory confirmed by both) or the move-out (second inventory, with the deposit
-- deduction agreed) is recorded, whichever comes first.
CREATE TABLE IF NOT EXISTS rent_escrows (
  ruid text PRIMARY KEY REFERENCES rents(ruid) ON DELETE CASCADE,
  payments_started_at timestamptz,
  handover_at timestamptz,
  moveout_at timestamptz,
  deduction_cents bigint CHECK (deduction_cents >= 0),
  deduction_reason text,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One row per scheduled transaction of the lease: its place in the schedule and where its money is.
-- kind: 'deposit' (safe_deposit), 'first_rent' (the first month, held until the handover), 'rent' (later months).
-- state: awaiting_payment → held → released (to the owner) | returned (to the tenant; a deposit returned in part
-- has released_cents > 0 too). Amounts in integer centavos MXN.
CREATE TABLE IF NOT EXISTS rent_escrow_items (
  tuid text PRIMARY KEY REFERENCES transactions(tuid) ON DELETE CASCADE,
  ruid text NOT NULL REFERENCES rent_escrows(ruid) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('deposit', 'first_rent', 'rent')),
  period integer NOT NULL CHECK (period >= 0),
  period_from date NOT NULL,
  period_to date NOT NULL,
  prorated boolean NOT NULL DEFAULT false,
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  state text NOT NULL DEFAULT 'awaiting_payment' CHECK (state IN ('awaiting_payment', 'held', 'released', 'returned')),
  released_cents bigint NOT NULL DEFAULT 0 CHECK (released_cents >= 0),
  returned_cents bigint NOT NULL DEFAULT 0 CHECK (returned_cents >= 0),
  payout_ids text NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS rent_escrow_items_ruid_idx ON rent_escrow_items (ruid, period);
