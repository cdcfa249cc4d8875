-- Issue 12 'Investigation' (spec 03 §7 POST /v1/client/multiburopin, /multiburopinresend; decision 020): the renter's
-- authorization of the credit bureau query, signed with a NIP sent to them. One row per client: the NIP waiting
-- (hashed, with its expiry and wrong attempts) and the last authorization (when, which text).
CREATE TABLE IF NOT EXISTS bureau_consents (
  cuid text PRIMARY KEY REFERENCES clients(cuid) ON DELETE CASCADE,
  pin_hash text,
  pin_expires_at timestamptz,
  pin_sent_at timestamptz,
  pin_attempts integer NOT NULL DEFAULT 0,
  pin_sent_to text,
  authorized_at timestamptz,
  consent_version text
);
