-- Issue 12 'The proposal' (spec 03 §3 Rent: warranty_deposit, plan, first_day, last_day, rtype): the tenant's terms,
-- editable only in client_offer_in_process, sent to the owner with POST /v1/rents/send.
ALTER TABLE rents
  ADD COLUMN warranty_deposit integer NOT NULL DEFAULT 1 CHECK (warranty_deposit BETWEEN 0 AND 6),
  ADD COLUMN plan text CHECK (plan IN ('basic', 'neo')),
  ADD COLUMN rent_type text NOT NULL DEFAULT 'solo' CHECK (rent_type IN ('solo', 'joint')),
  ADD COLUMN first_day date,
  ADD COLUMN last_day date,
  ADD COLUMN offer_started_at timestamptz,
  ADD COLUMN offer_sent_at timestamptz;
