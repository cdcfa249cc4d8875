import { sql, type Kysely } from 'kysely';
import type { DB } from '@nj/db';

/** The database or a transaction (Kysely's `trx` is a Kysely too). */
export type JobExecutor = Kysely<DB>;

/** Channel enqueue notifies on (delivered at commit on PostgreSQL; workers of other processes LISTEN on it). */
export const JOBS_CHANNEL = 'nj_jobs';

/** A job as a worker holds it after claiming. `attempts` counts this run. */
export type TClaimedJob = {
  id: number;
  name: string;
  payload: unknown;
  key: string | null;
  attempts: number;
  max_attempts: number;
};

/** A row of the `jobs` table as `list` shows it (times as ISO strings). */
export type TJobRow = TClaimedJob & {
  state: 'queued' | 'running' | 'done' | 'failed';
  run_at: string;
  last_error: string | null;
  created_at: string;
  done_at: string | null;
};

function iso(v: unknown): string {
  return new Date(v as string | Date).toISOString();
}

function parsePayload(v: unknown): unknown {
  return typeof v === 'string' ? JSON.parse(v) : v;
}

/** SQL of the job queue (tables `jobs` and `job_schedules`, migration 012). */
export const jobsRepository = {
  /**
   * Inserts one queued job in `db` (the caller's transaction when given) and notifies JOBS_CHANNEL in the same
   * statement. With `key`, a second job of the same name and key is not inserted: returns null then.
   */
  async insert(db: JobExecutor, job: { name: string; payload: unknown; key?: string | null; runAt?: Date | null; maxAttempts?: number | null }): Promise<number | null> {
    const r = await sql<{ id: number }>`
      WITH j AS (
        INSERT INTO jobs (name, payload, key, run_at, max_attempts)
        VALUES (${job.name}, ${JSON.stringify(job.payload ?? null)}::jsonb, ${job.key ?? null},
                coalesce(${job.runAt ?? null}::timestamptz, now()), coalesce(${job.maxAttempts ?? null}::int, 8))
        ON CONFLICT (name, key) WHERE key IS NOT NULL DO NOTHING
        RETURNING id, name
      )
      SELECT id, pg_notify(${JOBS_CHANNEL}, name)::text AS notified FROM j`.execute(db);
    return r.rows[0] ? Number(r.rows[0].id) : null;
  },

  /**
   * Claims up to `limit` due jobs (queued with run_at passed, or running with an expired lease) whose name is in
   * `names`, oldest first, skipping rows another transaction holds (FOR UPDATE SKIP LOCKED). Each claimed job
   * becomes running with `locked_by = token`, one more attempt and `run_at = now() + leaseMs` (the lease).
   * `onlyId` restricts the claim to one job (a first attempt made right after enqueueing).
   */
  async claim(db: JobExecutor, options: { names: string[]; limit: number; leaseMs: number; token: string; onlyId?: number }): Promise<TClaimedJob[]> {
    if (options.names.length === 0 || options.limit <= 0) return [];
    const r = await sql<TClaimedJob>`
      UPDATE jobs SET state = 'running', attempts = attempts + 1, locked_by = ${options.token},
        run_at = now() + make_interval(secs => ${options.leaseMs / 1000})
      WHERE id IN (
        SELECT id FROM jobs
        WHERE state IN ('queued', 'running') AND run_at <= now() AND attempts < max_attempts
          AND name = ANY(${options.names}::text[])
          ${options.onlyId === undefined ? sql`` : sql`AND id = ${options.onlyId}`}
        ORDER BY run_at, id
        LIMIT ${options.limit}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, name, payload, key, attempts, max_attempts`.execute(db);
    return r.rows.map((row) => ({ ...row, id: Number(row.id), payload: parsePayload(row.payload) }));
  },

  /**
   * Marks as failed the running jobs whose lease expired on their last attempt (their process died during it), so
   * they leave the due set. Returns how many.
   */
  async failExpiredLastAttempts(db: JobExecutor): Promise<number> {
    const r = await sql`
      UPDATE jobs SET state = 'failed', done_at = now(), locked_by = NULL,
        last_error = coalesce(last_error || ' / ', '') || 'lease expired on the last attempt'
      WHERE state = 'running' AND run_at <= now() AND attempts >= max_attempts`.execute(db);
    return Number(r.numAffectedRows ?? 0);
  },

  /** Makes every running job claimable now (PGlite at start: the one process that held them is gone). */
  async releaseAllLeases(db: JobExecutor): Promise<number> {
    const r = await sql`UPDATE jobs SET run_at = now() WHERE state = 'running'`.execute(db);
    return Number(r.numAffectedRows ?? 0);
  },

  /**
   * Marks a claimed job done and empties its payload (it may carry a PIN or a reset link). False when `token` no longer
   * holds it (its lease expired and another took it).
   */
  async complete(db: JobExecutor, id: number, token: string): Promise<boolean> {
    // The payload goes with the work done: an e-mail job's carries the PIN or reset link it sent.
    const r = await sql`UPDATE jobs SET state = 'done', done_at = now(), locked_by = NULL, payload = '{}'::jsonb
      WHERE id = ${id} AND locked_by = ${token} AND state = 'running'`.execute(db);
    return Number(r.numAffectedRows ?? 0) === 1;
  },

  /**
   * Records a failed attempt: queued again at now() + retryMs, or failed for good when it was the last attempt.
   * Returns the new state, or null when `token` no longer holds the job.
   */
  async fail(db: JobExecutor, id: number, token: string, error: string, retryMs: number): Promise<'queued' | 'failed' | null> {
    const r = await sql<{ state: 'queued' | 'failed' }>`
      UPDATE jobs SET
        state = CASE WHEN attempts >= max_attempts THEN 'failed' ELSE 'queued' END,
        done_at = CASE WHEN attempts >= max_attempts THEN now() END,
        run_at = CASE WHEN attempts >= max_attempts THEN run_at ELSE now() + make_interval(secs => ${retryMs / 1000}) END,
        last_error = ${error.slice(0, 2000)}, locked_by = NULL
      WHERE id = ${id} AND locked_by = ${token} AND state = 'running'
      RETURNING state`.execute(db);
    return r.rows[0]?.state ?? null;
  },

  /**
   * One read-only look before any write (a worker's idle poll must not write: on PGlite the search index skips its
   * change query while nothing was written, decision 003): whether a job of `names` is due, whether a running one
   * expired on its last attempt, whether a schedule of `schedules` is due.
   */
  async peek(db: JobExecutor, names: string[], schedules: string[]): Promise<{ due: boolean; expired: boolean; schedules: boolean }> {
    const r = await sql<{ due: boolean; expired: boolean; schedules: boolean }>`SELECT
      EXISTS (SELECT 1 FROM jobs WHERE state IN ('queued', 'running') AND run_at <= now() AND attempts < max_attempts
        AND name = ANY(${names}::text[])) AS due,
      EXISTS (SELECT 1 FROM jobs WHERE state = 'running' AND run_at <= now() AND attempts >= max_attempts) AS expired,
      EXISTS (SELECT 1 FROM job_schedules WHERE name = ANY(${schedules}::text[]) AND next_run_at <= now()) AS schedules`.execute(db);
    const row = r.rows[0];
    return { due: Boolean(row?.due), expired: Boolean(row?.expired), schedules: Boolean(row?.schedules) };
  },

  /** True while a job of `names` is due now or running (the dev outbox waits for none). */
  async hasDueOrRunning(db: JobExecutor, names: string[]): Promise<boolean> {
    const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM jobs
      WHERE name = ANY(${names}::text[]) AND (state = 'running' OR (state = 'queued' AND run_at <= now()))`.execute(db);
    return Number(r.rows[0]?.n ?? 0) > 0;
  },

  /** Deletes done and failed jobs finished more than `olderThanMs` ago. Returns how many. */
  async prune(db: JobExecutor, olderThanMs: number): Promise<number> {
    const r = await sql`DELETE FROM jobs WHERE state IN ('done', 'failed')
      AND done_at < now() - make_interval(secs => ${olderThanMs / 1000})`.execute(db);
    return Number(r.numAffectedRows ?? 0);
  },

  /** Jobs, newest first, optionally of one name and/or state (tests, operators). */
  async list(db: JobExecutor, options: { name?: string; state?: TJobRow['state']; limit?: number } = {}): Promise<TJobRow[]> {
    let q = db.selectFrom('jobs').selectAll().orderBy('id', 'desc').limit(options.limit ?? 100);
    if (options.name) q = q.where('name', '=', options.name);
    if (options.state) q = q.where('state', '=', options.state);
    const rows = await q.execute();
    return rows.map((r) => ({
      id: Number(r.id), name: r.name, payload: parsePayload(r.payload), key: r.key, state: r.state, attempts: r.attempts,
      max_attempts: r.max_attempts, run_at: iso(r.run_at), last_error: r.last_error, created_at: iso(r.created_at),
      done_at: r.done_at ? iso(r.done_at) : null,
    }));
  },

  /** Creates or updates a schedule; next_run_at is kept unless the cron text or zone changed. */
  async upsertSchedule(db: JobExecutor, s: { name: string; cron: string; tz: string; nextRunAt: Date }): Promise<void> {
    await sql`INSERT INTO job_schedules AS s (name, cron, tz, next_run_at) VALUES (${s.name}, ${s.cron}, ${s.tz}, ${s.nextRunAt})
      ON CONFLICT (name) DO UPDATE SET cron = excluded.cron, tz = excluded.tz, updated_at = now(),
        next_run_at = CASE WHEN s.cron = excluded.cron AND s.tz = excluded.tz THEN s.next_run_at ELSE excluded.next_run_at END`.execute(db);
  },

  /** Due schedules among `names`, locked for this transaction (another process skips them). */
  async lockDueSchedules(trx: JobExecutor, names: string[]): Promise<{ name: string; cron: string; tz: string; next_run_at: Date }[]> {
    if (names.length === 0) return [];
    const r = await sql<{ name: string; cron: string; tz: string; next_run_at: Date }>`
      SELECT name, cron, tz, next_run_at FROM job_schedules
      WHERE name = ANY(${names}::text[]) AND next_run_at <= now()
      FOR UPDATE SKIP LOCKED`.execute(trx);
    return r.rows.map((row) => ({ ...row, next_run_at: new Date(row.next_run_at) }));
  },

  /** Moves a schedule's next run. */
  async setNextRun(trx: JobExecutor, name: string, nextRunAt: Date): Promise<void> {
    await sql`UPDATE job_schedules SET next_run_at = ${nextRunAt}, updated_at = now() WHERE name = ${name}`.execute(trx);
  },
};
