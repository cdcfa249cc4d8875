-- Issue 11: the rent (spec 03 §3 'Rent', §4 steps) as a conversation between a renter and a listing's advertiser,
-- its chat messages (spec 03 §3 'Chat message'), visits (appointments) and their reviews. The allowed steps and
-- transitions live in packages/core/src/rents/rent-steps.ts (the CHECK below lists the same step names).
CREATE TABLE rents (
  ruid              text PRIMARY KEY,
  puid              text NOT NULL REFERENCES properties(puid) ON DELETE CASCADE,
  renter_cuid       text NOT NULL REFERENCES clients(cuid) ON DELETE CASCADE,
  -- The listing's owner, or the agent it is assigned to, when the rent began.
  owner_cuid        text NOT NULL REFERENCES clients(cuid) ON DELETE CASCADE,
  step              text NOT NULL DEFAULT 'hello' CHECK (step IN (
    'hello', 'appt_requested', 'appt_confirmation_requested', 'appt_assist', 'owner_discard', 'renter_discard',
    'client_offer_in_process', 'on_offer', 'on_accepted_offer', 'on_contract_sign', 'on_rent', 'property_invalid')),
  -- Price and maintenance fee of the listing when the rent began (whole MXN a month), kept if the listing changes.
  price             integer,
  maintenance_fee   integer,
  discard_reason    text CHECK (discard_reason IS NULL OR length(discard_reason) <= 2000),
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  last_activity_at  timestamptz NOT NULL DEFAULT now(),
  CHECK (renter_cuid <> owner_cuid)
);
-- One rent per renter and listing (contacting again reopens it).
CREATE UNIQUE INDEX rents_puid_renter_idx ON rents (puid, renter_cuid);
-- The conversation list of each side, newest activity first.
CREATE INDEX rents_renter_activity_idx ON rents (renter_cuid, last_activity_at DESC);
CREATE INDEX rents_owner_activity_idx ON rents (owner_cuid, last_activity_at DESC);

CREATE TABLE rent_messages (
  muid              text PRIMARY KEY,
  ruid              text NOT NULL REFERENCES rents(ruid) ON DELETE CASCADE,
  -- Sender and receiver; from_cuid is null for system messages (step changes).
  from_cuid         text REFERENCES clients(cuid) ON DELETE SET NULL,
  to_cuid           text REFERENCES clients(cuid) ON DELETE SET NULL,
  cat               text NOT NULL DEFAULT 'msg' CHECK (cat IN ('msg', 'system', 'appt', 'attachment')),
  text              text NOT NULL DEFAULT '' CHECK (length(text) <= 5000),
  -- { tag, options?, selected_option?, datetime?, auid? } (spec 03 §3 dynamic_content).
  dynamic_content   jsonb,
  attachment        jsonb,
  seen              boolean NOT NULL DEFAULT false,
  seen_at           timestamptz,
  -- The sender's own id of the message: a resend after a reconnect is recognised and not stored twice.
  client_message_id text CHECK (client_message_id IS NULL OR length(client_message_id) BETWEEN 1 AND 100),
  created_at        timestamptz NOT NULL DEFAULT now(),
  seq               bigserial NOT NULL
);
CREATE UNIQUE INDEX rent_messages_idempotency_idx ON rent_messages (from_cuid, client_message_id) WHERE client_message_id IS NOT NULL;
-- A conversation in order, and messages after a given one (?last).
CREATE INDEX rent_messages_ruid_seq_idx ON rent_messages (ruid, seq);
-- Unread counts per receiver and conversation.
CREATE INDEX rent_messages_unread_idx ON rent_messages (to_cuid, ruid) WHERE NOT seen;

CREATE TABLE appointments (
  auid              text PRIMARY KEY,
  ruid              text NOT NULL REFERENCES rents(ruid) ON DELETE CASCADE,
  -- Times the owner proposed: [{ st: ISO instant UTC, et: ISO instant UTC }].
  proposed          jsonb NOT NULL DEFAULT '[]',
  -- The confirmed visit as UTC instants plus the IANA zone it was agreed in (e.g. 'America/Mexico_City').
  st                timestamptz,
  et                timestamptz,
  time_zone         text,
  status            text NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'proposed', 'confirmed', 'cancelled')),
  cancelled_by      text REFERENCES clients(cuid) ON DELETE SET NULL,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX appointments_ruid_idx ON appointments (ruid, created_at DESC);

CREATE TABLE appointment_reviews (
  auid              text NOT NULL REFERENCES appointments(auid) ON DELETE CASCADE,
  reviewer_cuid     text NOT NULL REFERENCES clients(cuid) ON DELETE CASCADE,
  reviewee_cuid     text NOT NULL REFERENCES clients(cuid) ON DELETE CASCADE,
  rating            smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  comment           text CHECK (comment IS NULL OR length(comment) <= 2000),
  created_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (auid, reviewer_cuid)
);
-- A profile's ratings and their average.
CREATE INDEX appointment_reviews_reviewee_idx ON appointment_reviews (reviewee_cuid);
