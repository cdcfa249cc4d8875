-- Issue 16 'Integrations' and 'Freshness' (spec 03 §7 Leads and integrations; spec 01 §1, §3 integrations flags;
-- decision 033).
--
-- An agency's connection to a listing provider (EasyBroker, KW): its credentials sealed with AES-256-GCM under
-- DATA_ENCRYPTION_KEY (security/seal-text.ts), never stored or shown in clear; `credentials_hint` is the last four
-- characters for the control panel. One connection per agency and provider; connecting again replaces the key.
CREATE TABLE IF NOT EXISTS integration_connections (
  iuid                   text PRIMARY KEY,
  auid                   text NOT NULL REFERENCES agencies(auid) ON DELETE CASCADE,
  provider               text NOT NULL CHECK (provider IN ('easybroker', 'kw')),
  credentials_sealed     text NOT NULL,
  credentials_hint       text NOT NULL CHECK (length(credentials_hint) <= 8),
  connected_by           text REFERENCES clients(cuid) ON DELETE SET NULL,
  -- The scheduled sync runs while true.
  is_enabled             boolean NOT NULL DEFAULT true,
  -- Start of the last run that read every listing of the source (a complete sync): what it did not see is deactivated.
  last_complete_sync_at  timestamptz,
  created_at             timestamptz NOT NULL DEFAULT now(),
  updated_at             timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX IF NOT EXISTS integration_connections_one ON integration_connections (auid, provider);

-- The history of pulls of one connection: a dry run, a pull by hand or the schedule's, with its counts.
CREATE TABLE IF NOT EXISTS integration_sync_runs (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  iuid          text NOT NULL REFERENCES integration_connections(iuid) ON DELETE CASCADE,
  trigger       text NOT NULL CHECK (trigger IN ('manual', 'schedule')),
  dry_run       boolean NOT NULL DEFAULT false,
  -- true when every listing of the source was read (no ebid), so unseen ones were (or would be) deactivated.
  is_complete   boolean NOT NULL DEFAULT false,
  started_at    timestamptz NOT NULL DEFAULT now(),
  finished_at   timestamptz,
  created       integer NOT NULL DEFAULT 0,
  updated       integer NOT NULL DEFAULT 0,
  deactivated   integer NOT NULL DEFAULT 0,
  failed        integer NOT NULL DEFAULT 0,
  -- The Spanish reason a run stopped (provider refused the key, unreachable, answered nonsense); null when it ended.
  error         text CHECK (error IS NULL OR length(error) <= 500)
);
CREATE INDEX IF NOT EXISTS integration_sync_runs_by_connection ON integration_sync_runs (iuid, started_at DESC);

-- The listing's source flag (spec 01 §3 'integrations (easybroker, kw)'): which provider keeps it in sync, through
-- which connection, and when that provider's sync last saw it.
ALTER TABLE properties ADD COLUMN IF NOT EXISTS integration text CHECK (integration IS NULL OR integration IN ('easybroker', 'kw'));
ALTER TABLE properties ADD COLUMN IF NOT EXISTS integration_iuid text REFERENCES integration_connections(iuid) ON DELETE SET NULL;
ALTER TABLE properties ADD COLUMN IF NOT EXISTS source_seen_at timestamptz;
CREATE INDEX IF NOT EXISTS properties_integration_iuid_idx ON properties (integration_iuid) WHERE integration_iuid IS NOT NULL;

-- Freshness (issue 16): when the owner last said the listing is still available. The clock starts when this
-- migration runs (every existing listing, the demo data included, counts from now) or when a listing is created, so
-- a first start pauses nothing. `freshness_reminders` counts the reminders sent since (0–2); `freshness_paused_at`
-- is set when the job paused it (reconfirming activates it again).
ALTER TABLE properties ADD COLUMN IF NOT EXISTS reconfirmed_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE properties ADD COLUMN IF NOT EXISTS freshness_reminders smallint NOT NULL DEFAULT 0 CHECK (freshness_reminders BETWEEN 0 AND 2);
ALTER TABLE properties ADD COLUMN IF NOT EXISTS freshness_paused_at timestamptz;
CREATE INDEX IF NOT EXISTS properties_freshness_idx ON properties (reconfirmed_at) WHERE owner_cuid IS NOT NULL AND is_active AND integration IS NULL;
