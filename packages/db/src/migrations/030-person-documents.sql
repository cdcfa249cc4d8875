-- Issue 12 'Identity' and 'The proposal' (spec 03 §3 'Identity validation' documents ine_front/ine_back; Rent poa,
-- poi, poi_second, total_income, work_company_*; 'Person data' poa). Files are stored ENCRYPTED (AES-256-GCM under
-- DATA_ENCRYPTION_KEY, core security/seal-bytes.ts) through the media storage under documents/…, never served from
-- /media; this table holds what they are. One current document per client and identity type (ruid null), and one
-- per rent, person and kind; a replacement rewrites the row (the old file is deleted). Decision 016.
CREATE TABLE IF NOT EXISTS person_documents (
  slug text PRIMARY KEY,
  cuid text NOT NULL REFERENCES clients(cuid) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('ine_front', 'ine_back', 'poa', 'poi', 'poi_second')),
  ruid text REFERENCES rents(ruid) ON DELETE CASCADE,
  role text CHECK (role IN ('renter', 'second_renter', 'aval')),
  storage_key text NOT NULL,
  content_type text NOT NULL,
  size integer NOT NULL CHECK (size > 0),
  filename text NOT NULL,
  -- proof of address only: the address the file proves (spec 03 §3 poa)
  addr text,
  neighborhood text,
  city text,
  municipality text,
  state text,
  cp text CHECK (cp IS NULL OR cp ~ '^[0-9]{5}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((ruid IS NULL) = (role IS NULL)),
  CHECK ((ruid IS NULL) = (kind IN ('ine_front', 'ine_back')))
);
CREATE UNIQUE INDEX IF NOT EXISTS person_documents_identity_idx ON person_documents (cuid, kind) WHERE ruid IS NULL;
CREATE UNIQUE INDEX IF NOT EXISTS person_documents_rent_idx ON person_documents (ruid, role, kind) WHERE ruid IS NOT NULL;

-- The income data of a rent (spec 03 §3 Rent): total monthly income in whole pesos and the employer.
ALTER TABLE rents
  ADD COLUMN IF NOT EXISTS total_income integer CHECK (total_income IS NULL OR total_income >= 0),
  ADD COLUMN IF NOT EXISTS work_company_name text,
  ADD COLUMN IF NOT EXISTS work_company_phone_number text,
  ADD COLUMN IF NOT EXISTS work_company_webpage text;
