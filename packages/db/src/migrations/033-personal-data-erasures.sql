-- Issue 12 'Rules' (LFPDPPP): a client's request to erase the personal data of the rental process (ARCO
-- 'cancelación', decision 019). One row per client; the job personal-data.erase runs it at once and every night
-- until nothing is retained: what a lease in progress needs is kept (retained) until the lease's legal period ends.
CREATE TABLE IF NOT EXISTS personal_data_erasures (
  cuid text PRIMARY KEY REFERENCES clients(cuid) ON DELETE CASCADE,
  requested_at timestamptz NOT NULL DEFAULT now(),
  last_run_at timestamptz,
  erased_at timestamptz,
  retained_rents integer NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS personal_data_erasures_open_idx ON personal_data_erasures (requested_at) WHERE erased_at IS NULL;
