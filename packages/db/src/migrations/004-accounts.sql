-- Accounts (spec 02 §1–§3, §7): registered clients, sign-up PINs, password-reset links, the message outbox and the
-- rate-limit counters. An anonymous client (001) becomes a registered one in place: same cuid, is_anonymous false.

ALTER TABLE clients
  ADD COLUMN email                 text,
  ADD COLUMN nickname              text,
  ADD COLUMN password_hash         text,                  -- Argon2id (PHC string); null for social-only accounts
  ADD COLUMN ucode                 text,                  -- the client's referral code
  ADD COLUMN bio                   text,
  ADD COLUMN profile_photo_name    text,
  ADD COLUMN phone_number          text,
  ADD COLUMN phone_country_code    text,
  ADD COLUMN is_email_verified     boolean NOT NULL DEFAULT false,
  ADD COLUMN is_phone_verified     boolean NOT NULL DEFAULT false,
  ADD COLUMN is_identity_verified  boolean NOT NULL DEFAULT false,
  ADD COLUMN is_agent              boolean NOT NULL DEFAULT false,
  ADD COLUMN privileges            text[] NOT NULL DEFAULT '{}',  -- support, ija, association_admin
  ADD COLUMN updated_at            timestamptz NOT NULL DEFAULT now();

-- One account per address, whatever its case.
CREATE UNIQUE INDEX clients_email_lower_key ON clients (lower(email)) WHERE email IS NOT NULL;
CREATE UNIQUE INDEX clients_ucode_key ON clients (ucode) WHERE ucode IS NOT NULL;

-- The PIN e-mailed during sign-up. One live PIN per (client, address); only its SHA-256 is kept; single use.
CREATE TABLE signup_pins (
  cuid        text NOT NULL REFERENCES clients(cuid) ON DELETE CASCADE,
  email_norm  text NOT NULL,                 -- lower(trim(email))
  pin_hash    text NOT NULL,
  attempts    integer NOT NULL DEFAULT 0,    -- wrong PINs against this PIN
  sent_at     timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  PRIMARY KEY (cuid, email_norm)
);
CREATE INDEX signup_pins_email_idx ON signup_pins (email_norm);

-- A forgot-password link: only the token's SHA-256 is kept; single use (used_at), expiring.
CREATE TABLE password_reset_tokens (
  token_hash  text PRIMARY KEY,
  cuid        text NOT NULL REFERENCES clients(cuid) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX password_reset_tokens_cuid_idx ON password_reset_tokens (cuid);

-- Messages kept instead of sent (outside production without SMTP_URL, and the SMS/WhatsApp sandbox); read at
-- GET /api/dev/outbox and /dev/correos.
CREATE TABLE outbox (
  id          bigserial PRIMARY KEY,
  channel     text NOT NULL CHECK (channel IN ('email', 'sms', 'whatsapp')),
  "to"        text NOT NULL,
  subject     text,
  text        text NOT NULL,
  html        text,
  links       jsonb NOT NULL DEFAULT '[]',   -- absolute URLs in the message
  codes       jsonb NOT NULL DEFAULT '[]',   -- PINs / codes in the message
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_to_idx ON outbox ("to", id DESC);

-- Fixed-window rate-limit counters when no Redis is configured (shared by every process on this database).
CREATE TABLE rate_limits (
  key       text PRIMARY KEY,
  count     integer NOT NULL,
  reset_at  timestamptz NOT NULL
);
CREATE INDEX rate_limits_reset_idx ON rate_limits (reset_at);
