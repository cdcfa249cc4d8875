-- Issue 17 'Saved searches and alerts' (decision 037).
--
-- A client's saved search: a name, the /propiedades query string it was saved from (to open it again) and the filter
-- state parsed from it (the alert matcher reads `filters`), the alert frequency ('off' after an unsubscribe link),
-- whether alerts also go by WhatsApp, and when the client last looked at it (the 'new since your last visit' count).
-- `seq` rises on every insert and update (one sequence), so every process's in-memory matcher can pick up the
-- searches changed since the last `seq` it saw; a deletion is noticed by the count.
CREATE SEQUENCE IF NOT EXISTS saved_searches_seq;
CREATE TABLE IF NOT EXISTS saved_searches (
  id            bigserial PRIMARY KEY,
  cuid          text NOT NULL REFERENCES clients(cuid) ON DELETE CASCADE,
  name          text NOT NULL,
  query         text NOT NULL,
  filters       jsonb NOT NULL,
  frequency     text NOT NULL DEFAULT 'daily' CHECK (frequency IN ('instant', 'daily', 'weekly', 'off')),
  whatsapp      boolean NOT NULL DEFAULT true,
  last_visit_at timestamptz NOT NULL DEFAULT now(),
  last_digest_at timestamptz NOT NULL DEFAULT now(),
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  seq           bigint NOT NULL DEFAULT nextval('saved_searches_seq')
);
CREATE INDEX IF NOT EXISTS saved_searches_cuid_idx ON saved_searches (cuid, created_at);
CREATE INDEX IF NOT EXISTS saved_searches_seq_idx ON saved_searches (seq);

-- Every listing that matched a saved search: once per search and listing (the primary key is what keeps a listing
-- from being sent twice). `sent_at` is null until an alert carried it (instant at once, daily/weekly in the digest).
CREATE TABLE IF NOT EXISTS saved_search_matches (
  search_id  bigint NOT NULL REFERENCES saved_searches(id) ON DELETE CASCADE,
  puid       text NOT NULL REFERENCES properties(puid) ON DELETE CASCADE,
  matched_at timestamptz NOT NULL DEFAULT now(),
  sent_at    timestamptz,
  PRIMARY KEY (search_id, puid)
);
CREATE INDEX IF NOT EXISTS saved_search_matches_pending_idx ON saved_search_matches (search_id) WHERE sent_at IS NULL;

-- The matching job's watermark: the highest properties.change_seq already matched. It starts at the listings that
-- exist when this migration runs (they are not news); listings written later (also a first start's import) are
-- matched by the job's first run. NULL (never in practice) makes the first run start from the current maximum.
CREATE TABLE IF NOT EXISTS saved_search_state (
  id       int PRIMARY KEY CHECK (id = 1),
  seen_seq bigint
);
INSERT INTO saved_search_state (id, seen_seq) SELECT 1, coalesce(max(change_seq), 0) FROM properties ON CONFLICT (id) DO NOTHING;
