-- Issue 12 'Investigation' (spec 03 §3 Rent: is_cr_passed, renter_credit_score(_reasons), renter_blacklist(_pld)_matches,
-- ic, current_ic_process(_status), last_completed_ic; "Credit report record"; "Transaction"; decision 017).

-- Public screening lists (the SAT's article 69-B list, OFAC's SDN list). An import writes its entries under a new
-- import_id while the list keeps answering from the active one; the switch (screening_lists.active_import_id) and the
-- removal of the old entries happen in one transaction, so a reader never sees half a list.
CREATE TABLE IF NOT EXISTS screening_lists (
  list_id text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('blacklist', 'pld')),
  name text NOT NULL,
  active_import_id text,
  source_url text,
  source_date date,
  entries_count integer NOT NULL DEFAULT 0,
  activated_at timestamptz
);
CREATE TABLE IF NOT EXISTS screening_imports (
  import_id text PRIMARY KEY,
  list_id text NOT NULL,
  file_sha256 text NOT NULL,
  source_url text,
  source_date date,
  status text NOT NULL CHECK (status IN ('loading', 'active', 'replaced', 'abandoned')),
  entries_done integer NOT NULL DEFAULT 0,
  entries_total integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX IF NOT EXISTS screening_imports_list_idx ON screening_imports (list_id, status);
-- One entry (or one alias of an entry) of one import; seq orders the rows as the file had them (resume point).
CREATE TABLE IF NOT EXISTS screening_entries (
  import_id text NOT NULL,
  entry_id text NOT NULL,
  seq integer NOT NULL,
  list_ref text NOT NULL,
  name text NOT NULL,
  name_key text NOT NULL,
  rfc text,
  curp text,
  status text,
  entity_type text,
  PRIMARY KEY (import_id, entry_id)
);
CREATE INDEX IF NOT EXISTS screening_entries_rfc_idx ON screening_entries (rfc) WHERE rfc IS NOT NULL;
CREATE INDEX IF NOT EXISTS screening_entries_curp_idx ON screening_entries (curp) WHERE curp IS NOT NULL;
-- The name tokens of each entry (folded, particles dropped): candidates are found by shared tokens.
CREATE TABLE IF NOT EXISTS screening_tokens (
  import_id text NOT NULL,
  token text NOT NULL,
  entry_id text NOT NULL,
  PRIMARY KEY (import_id, token, entry_id)
);

-- A quick investigation (spec 03 §3 'ic'): one per run of POST /v1/rents/creditinvestigation.
CREATE TABLE IF NOT EXISTS credit_investigations (
  icuid text PRIMARY KEY,
  ruid text NOT NULL REFERENCES rents(ruid) ON DELETE CASCADE,
  cuid text NOT NULL REFERENCES clients(cuid) ON DELETE CASCADE,
  renter_type text NOT NULL,
  status text NOT NULL CHECK (status IN ('in_process', 'completed', 'failed')),
  form_sealed text,
  failure_msg text,
  outcome text CHECK (outcome IN ('passed', 'review', 'failed')),
  outcome_reasons text,
  has_partner boolean NOT NULL DEFAULT false,
  has_poa boolean NOT NULL DEFAULT false,
  has_poi boolean NOT NULL DEFAULT false,
  total_income numeric(14, 2),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS credit_investigations_ruid_idx ON credit_investigations (ruid, created_at);

-- The spec's credit report record (m_*); the bureau's answer only sealed (AES-256-GCM under DATA_ENCRYPTION_KEY).
CREATE TABLE IF NOT EXISTS credit_reports (
  m_uid text PRIMARY KEY,
  icuid text NOT NULL REFERENCES credit_investigations(icuid) ON DELETE CASCADE,
  cuid text NOT NULL REFERENCES clients(cuid) ON DELETE CASCADE,
  m_status text NOT NULL,
  m_rtype text NOT NULL,
  m_createdat timestamptz NOT NULL,
  m_updatedat timestamptz NOT NULL,
  m_ttl timestamptz NOT NULL,
  m_sic_pdf text,
  m_multiburo_pdf text,
  m_report_pwd text,
  m_sicprovider text NOT NULL,
  m_sicresponse_sealed text NOT NULL,
  m_sicsource text NOT NULL,
  m_sicusername text,
  score integer,
  score_reasons text NOT NULL DEFAULT '[]'
);

-- Matches of the people of an investigation against the lists, with the entry as it was then.
CREATE TABLE IF NOT EXISTS screening_matches (
  icuid text NOT NULL REFERENCES credit_investigations(icuid) ON DELETE CASCADE,
  person text NOT NULL CHECK (person IN ('renter', 'partner')),
  list_id text NOT NULL,
  list_kind text NOT NULL CHECK (list_kind IN ('blacklist', 'pld')),
  entry_id text NOT NULL,
  list_ref text NOT NULL,
  entry_name text NOT NULL,
  entry_status text,
  score numeric(4, 3) NOT NULL,
  matched_by text NOT NULL CHECK (matched_by IN ('rfc', 'curp', 'name')),
  strength text NOT NULL CHECK (strength IN ('strong', 'weak')),
  PRIMARY KEY (icuid, person, list_id, entry_id)
);

-- Payments and charges (spec 03 §3 'Transaction'); the card provider's two identifiers come with issue 13.
CREATE TABLE IF NOT EXISTS transactions (
  tuid text PRIMARY KEY,
  cuid text NOT NULL REFERENCES clients(cuid) ON DELETE CASCADE,
  amount numeric(14, 2) NOT NULL,
  ttype text NOT NULL CHECK (ttype IN ('refer_deposit', 'ic', 'rent', 'owner_plan', 'safe_deposit')),
  tstatus text NOT NULL CHECK (tstatus IN ('completed', 'pending', 'failed', 'expired')),
  duedate timestamptz,
  emoney_used numeric(14, 2) NOT NULL DEFAULT 0,
  icuid text,
  referid text,
  reftype text,
  cfr text,
  cto text,
  transaction_created timestamptz NOT NULL DEFAULT now(),
  is_confirmed boolean NOT NULL DEFAULT false,
  is_deleted boolean NOT NULL DEFAULT false,
  provider_order_id text,
  provider_checkout_id text
);
CREATE INDEX IF NOT EXISTS transactions_cuid_idx ON transactions (cuid, transaction_created);

ALTER TABLE rents
  ADD COLUMN is_cr_passed boolean,
  ADD COLUMN renter_credit_score integer,
  ADD COLUMN renter_credit_score_reasons text,
  ADD COLUMN ic text,
  ADD COLUMN current_ic_process text,
  ADD COLUMN current_ic_process_status text CHECK (current_ic_process_status IN ('in_process', 'completed', 'failed')),
  ADD COLUMN last_completed_ic text;
