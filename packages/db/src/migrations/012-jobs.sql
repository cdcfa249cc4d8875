-- Issue 8 §4 "Background jobs and a transactional outbox" (docs/decisions/005-job-queue.md).
-- One row per job. A job is inserted in the same transaction as the change that causes it (outbox): a rolled-back
-- change leaves no job. States: queued (waiting for run_at), running (claimed; run_at is then the lease's end: a job
-- whose process died is claimable again once run_at passes), done, failed (max_attempts used up; last_error says why).
CREATE TABLE jobs (
  id           bigserial PRIMARY KEY,
  name         text NOT NULL,                      -- the handler, e.g. 'email.send'
  payload      jsonb NOT NULL DEFAULT '{}'::jsonb,
  key          text,                               -- dedupe: at most one job per (name, key)
  state        text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
  attempts     integer NOT NULL DEFAULT 0,         -- claims so far (the running one included)
  max_attempts integer NOT NULL DEFAULT 8 CHECK (max_attempts >= 1),
  run_at       timestamptz NOT NULL DEFAULT now(), -- queued: not before; running: lease end
  locked_by    text,                               -- claim token of the worker running it
  last_error   text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  done_at      timestamptz
);
CREATE UNIQUE INDEX jobs_name_key_idx ON jobs (name, key) WHERE key IS NOT NULL;
CREATE INDEX jobs_due_idx ON jobs (run_at) WHERE state IN ('queued', 'running');
CREATE INDEX jobs_finished_idx ON jobs (done_at) WHERE state IN ('done', 'failed');

-- Cron schedules (5-field cron, time zone America/Mexico_City unless given). The worker that moves next_run_at
-- forward (one UPDATE, so one process per slot) enqueues the slot's job with key '<schedule>@<slot ISO time>'.
CREATE TABLE job_schedules (
  name        text PRIMARY KEY,                    -- also the job name it enqueues
  cron        text NOT NULL,
  tz          text NOT NULL DEFAULT 'America/Mexico_City',
  next_run_at timestamptz NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
