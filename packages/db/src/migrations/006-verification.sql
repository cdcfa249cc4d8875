-- E-mail and phone verification, profile photo (spec 02 §2 modals 5–7, §4 "E-mail step" / "Phone verification",
-- §9 constants). The client columns themselves (email, phone_number, phone_country_code, is_email_verified,
-- is_phone_verified, profile_photo_name) come from 004; these tables hold the pending proofs.

-- A verification link sent by e-mail: only the SHA-256 of the token is stored; single use (used_at), expiring.
CREATE TABLE email_verification_tokens (
  token_hash  text PRIMARY KEY,
  cuid        text NOT NULL REFERENCES clients(cuid) ON DELETE CASCADE,
  email       text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
-- "latest link of this client" (resend countdown) and invalidation of older links.
CREATE INDEX email_verification_tokens_cuid_idx ON email_verification_tokens (cuid, created_at DESC);

-- The pending phone verification of a client: one row per client. The 6-digit code is stored only as a SHA-256 of
-- (cuid, code); a code is short-lived and attempts are capped, so the hash keeps it out of dumps and logs.
-- failed_attempts counts every wrong code since the row was created; past the cap status becomes 'contact-us'
-- and no further code is sent or checked.
CREATE TABLE phone_verifications (
  cuid               text PRIMARY KEY REFERENCES clients(cuid) ON DELETE CASCADE,
  phone_number       text NOT NULL,          -- national significant number, digits only (e.g. 5512345678)
  phone_country_code text NOT NULL,          -- '+52'
  channel            text NOT NULL CHECK (channel IN ('whatsapp', 'sms')),
  code_hash          text,                   -- null once used or invalidated
  code_expires_at    timestamptz,
  code_attempts      integer NOT NULL DEFAULT 0,  -- wrong codes against the current code
  failed_attempts    integer NOT NULL DEFAULT 0,  -- wrong codes in total
  sends              integer NOT NULL DEFAULT 0,  -- codes sent in total
  last_sent_at       timestamptz,
  status             text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'verified', 'contact-us')),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
