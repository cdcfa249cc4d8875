-- Issue 12 'Identity' (spec 03 §3 "Identity validation", §4 "Identity process status"): one row per INE check a
-- client started. The card's numbers (CIC, identificador ciudadano, OCR, clave de elector) are never kept in clear:
-- request_sealed holds the request sealed (AES-256-GCM under DATA_ENCRYPTION_KEY) only while the provider has not
-- decided, so a resend can re-ask it, and is emptied once the attempt is settled. request_fields names which fields
-- were given (e.g. 'cic,citizenId'), the non-sensitive summary support reads.
CREATE TABLE IF NOT EXISTS identity_processes (
  process_id text PRIMARY KEY,
  cuid text NOT NULL REFERENCES clients(cuid) ON DELETE CASCADE,
  provider text NOT NULL,
  provider_reference text,
  provider_status text,
  match_type text,
  document_type text NOT NULL DEFAULT 'ine',
  status text NOT NULL CHECK (status IN ('success', 'failure', 'pending')),
  request_fields text NOT NULL,
  request_sealed text,
  failure_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS identity_processes_cuid_idx ON identity_processes (cuid, created_at);
