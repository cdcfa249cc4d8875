-- Issue 9 §4 'Reportar anuncio': what a visitor reports about a listing, kept for the support team. The reason is
-- one of REPORT_REASONS (packages/contracts/src/property-detail/messages.ts); details are optional free text. The
-- reporter's client (a session's, when there is one) and IP are kept to weigh repeated reports; a listing's
-- reports go with it.
CREATE TABLE listing_reports (
  ruid          text PRIMARY KEY,
  puid          text NOT NULL REFERENCES properties(puid) ON DELETE CASCADE,
  reason        text NOT NULL CHECK (reason IN ('fraud', 'unavailable', 'wrong_price', 'wrong_location', 'wrong_photos', 'duplicate', 'offensive', 'other')),
  details       text CHECK (details IS NULL OR length(details) <= 1000),
  reporter_cuid text REFERENCES clients(cuid) ON DELETE SET NULL,
  ip            text,
  status        text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'reviewed', 'dismissed')),
  created_at    timestamptz NOT NULL DEFAULT now()
);
-- The support team's queue: open reports, newest first; and a listing's reports.
CREATE INDEX listing_reports_status_idx ON listing_reports (status, created_at DESC);
CREATE INDEX listing_reports_puid_idx ON listing_reports (puid, created_at DESC);
