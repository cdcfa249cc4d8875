-- Issue 10 "An import page for agents and owners": every import a client starts from /mis-propiedades/importar.
-- The uploaded file is kept in the media storage under `stored_path` (imports/<cuid>/<id>.<ext>, never served)
-- so the background job (listings.import) can read it again after a restart. `mapping` holds the user's column
-- choices (a --map text, the same grammar as the command). `report` is the engine's grouped skip report
-- ({ reason, count, lines[] }[]); the counts follow the engine's summary and are written after every batch.
CREATE TABLE listing_imports (
  id          text PRIMARY KEY,
  owner_cuid  text NOT NULL REFERENCES clients(cuid) ON DELETE CASCADE,
  file_name   text NOT NULL,
  stored_path text NOT NULL,
  format      text NOT NULL CHECK (format IN ('csv', 'xlsx')),
  mapping     jsonb NOT NULL DEFAULT '{}'::jsonb,
  status      text NOT NULL DEFAULT 'planned' CHECK (status IN ('planned', 'running', 'done', 'failed', 'undone')),
  rows_total  integer NOT NULL DEFAULT 0,
  rows_done   integer NOT NULL DEFAULT 0,
  imported    integer NOT NULL DEFAULT 0,
  updated     integer NOT NULL DEFAULT 0,
  skipped     integer NOT NULL DEFAULT 0,
  report      jsonb,
  error       text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  started_at  timestamptz,
  finished_at timestamptz,
  undone_at   timestamptz
);
-- The page lists one client's imports, newest first.
CREATE INDEX listing_imports_owner_idx ON listing_imports (owner_cuid, created_at DESC);

-- Which import created or last updated a listing (undo deactivates exactly those).
ALTER TABLE properties ADD COLUMN import_id text REFERENCES listing_imports(id) ON DELETE SET NULL;
CREATE INDEX properties_import_id_idx ON properties (import_id) WHERE import_id IS NOT NULL;
