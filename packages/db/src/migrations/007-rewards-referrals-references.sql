-- Welcome reward, referral programme and personal references (spec 02 §2 modals 8–10, §3, §4, §5, §9).
-- The client columns used here (ucode, nickname, profile_photo_name, phone_number) come from 004; the IF NOT EXISTS
-- guard keeps this file valid on its own.
ALTER TABLE clients ADD COLUMN IF NOT EXISTS ucode text;

-- Platform e-money as a ledger: the balance is SUM(amount_mxn), never a stored mutable number, so every credit and
-- debit stays auditable. The welcome reward is unique per client; that index is what makes the credit idempotent
-- under concurrent claims (INSERT … ON CONFLICT DO NOTHING).
CREATE TABLE emoney_ledger (
  id          bigserial PRIMARY KEY,
  cuid        text NOT NULL REFERENCES clients(cuid) ON DELETE CASCADE,
  amount_mxn  numeric(14,2) NOT NULL CHECK (amount_mxn <> 0),
  kind        text NOT NULL CHECK (kind IN ('welcome_reward', 'referral_reward', 'adjustment')),
  note        text,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX emoney_ledger_cuid_idx ON emoney_ledger (cuid, created_at DESC, id DESC);
CREATE UNIQUE INDEX emoney_ledger_welcome_once ON emoney_ledger (cuid, kind) WHERE kind = 'welcome_reward';

-- Who referred whom: one referrer per client, registered once (the primary key), never oneself.
CREATE TABLE referrals (
  referred_cuid  text PRIMARY KEY REFERENCES clients(cuid) ON DELETE CASCADE,
  referrer_cuid  text NOT NULL REFERENCES clients(cuid) ON DELETE CASCADE,
  created_at     timestamptz NOT NULL DEFAULT now(),
  CHECK (referred_cuid <> referrer_cuid)
);
CREATE INDEX referrals_referrer_idx ON referrals (referrer_cuid, created_at DESC, referred_cuid);

-- A client's personal references: 7 required (6 friends or family, 1 work). One row per (client, phone), phone in
-- E.164. Confirmed by the person through a link sent by SMS/WhatsApp.
CREATE TABLE client_references (
  id                  bigserial PRIMARY KEY,
  cuid                text NOT NULL REFERENCES clients(cuid) ON DELETE CASCADE,
  name                text NOT NULL,
  phone_number        text NOT NULL,
  reftype             text NOT NULL DEFAULT 'work' CHECK (reftype IN ('work', 'family', 'friend')),
  is_confirmed        boolean NOT NULL DEFAULT false,
  confirmed_at        timestamptz,
  confirmed_by_cuid   text REFERENCES clients(cuid) ON DELETE SET NULL,  -- the session that accepted, if any
  last_sent_at        timestamptz,                                       -- last confirmation message (save or reminder)
  created_at          timestamptz NOT NULL DEFAULT now(),
  UNIQUE (cuid, phone_number)
);

-- Confirmation links. Only the SHA-256 of each random token is stored. Every message (on save and on each reminder)
-- carries a new token, so older links keep working until they expire; sent_at doubles as the per-client message log
-- for the daily limit (kept after the reference is deleted, so deleting and re-adding does not reset it).
CREATE TABLE reference_tokens (
  token_hash    text PRIMARY KEY,
  reference_id  bigint REFERENCES client_references(id) ON DELETE SET NULL,  -- null once the reference is deleted
  cuid          text NOT NULL REFERENCES clients(cuid) ON DELETE CASCADE,
  sent_at       timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL
);
CREATE INDEX reference_tokens_cuid_sent_idx ON reference_tokens (cuid, sent_at DESC);
CREATE INDEX reference_tokens_reference_idx ON reference_tokens (reference_id);
