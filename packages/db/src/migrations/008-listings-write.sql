-- Publishing listings (issue 4): drafts of the step-by-step form, saved on the server as the person goes so a closed
-- tab or a failed upload loses nothing. Only the owner reads or changes a draft; publishing deletes it.
CREATE TABLE property_drafts (
  id          text PRIMARY KEY,                                           -- 'd_' + random hex
  owner_cuid  text NOT NULL REFERENCES clients(cuid) ON DELETE CASCADE,
  data        jsonb NOT NULL DEFAULT '{}',                                -- the form's values so far
  step        smallint NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX property_drafts_owner_idx ON property_drafts (owner_cuid, updated_at DESC);
