import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '@nj/db';
import { enqueue } from './enqueue.ts';
import { JOBS_CHANNEL, jobsRepository, type JobExecutor, type TClaimedJob } from './jobs-repository.ts';
import { onLocalWake } from './local-wake.ts';
import { retryDelayMs } from './retry-delay.ts';
import { DEFAULT_SCHEDULE_TZ, nextCronTime, type JobSchedule } from './schedules.ts';

/** What a handler gets besides its payload. */
export type JobContext = {
  job: TClaimedJob;
  database: Database;
  /**
   * Runs `work` in one transaction that also marks this job done, so a handler whose effect is database writes has
   * that effect exactly once: after a crash the job is re-run, but a run whose completion committed is never
   * re-run, and a run whose lease was lost (another worker took the job) rolls back. Call it at most once, last.
   */
  completeWith<T>(work: (trx: JobExecutor) => Promise<T>): Promise<T>;
};

/**
 * One kind of job. The handler must be idempotent in effect: a job runs at least once and more than once only
 * when a process died during it (its lease expired) — use `ctx.completeWith` for database effects, dedupe keys for
 * others. Throwing schedules a retry with exponential backoff until `maxAttempts`.
 */
export type JobDefinition = {
  handler: (payload: any, ctx: JobContext) => Promise<void>;
  /** Attempts before failing for good (default 8; jobs enqueued with their own value keep theirs). */
  maxAttempts?: number;
  /** First retry delay, ms (default 30 s); doubles per attempt up to retryMaxMs (default 1 h). */
  retryBaseMs?: number;
  retryMaxMs?: number;
};

export type JobHandlers = Record<string, JobDefinition>;

export type JobWorkerOptions = {
  database: Database;
  handlers: JobHandlers;
  /** Cron schedules; each name needs a handler. */
  schedules?: JobSchedule[];
  /** Jobs run at once (default 2). */
  concurrency?: number;
  /** Idle poll interval, ms (default 1000). */
  pollMs?: number;
  /** Lease of a claimed job, ms (default 120 s): a job whose process died is claimable again after it. */
  leaseMs?: number;
  /** postgres:// URL: LISTEN on nj_jobs for jobs enqueued by other processes (PostgreSQL only). */
  listenUrl?: string;
  /**
   * PGlite: the one process that opens the database owns every lease, so running jobs found at start belong to a
   * dead process and are claimable at once instead of after their lease.
   */
  releaseLeasesAtStart?: boolean;
  log?: (line: string) => void;
};

export type JobWorker = {
  /** Registers the schedules and starts claiming. Resolves once the first poll is under way. */
  start(): Promise<void>;
  /**
   * Stops claiming and waits up to `timeoutMs` (default 25 s) for running jobs; a job still running then keeps its
   * lease and runs again after it, in this process or another.
   */
  stop(timeoutMs?: number): Promise<void>;
  /** Checks for due jobs now (and twice shortly after: a wake may come before the enqueue's commit). */
  wake(): void;
  /** Jobs this worker is running right now. */
  readonly active: number;
};

const DEFAULT_LEASE_MS = 120_000;
const DEFAULT_RETRY_BASE_MS = 30_000;
const DEFAULT_RETRY_MAX_MS = 3_600_000;

/** A claim token: the worker that holds a job (process and random part). */
export function newClaimToken(): string {
  return `${process.pid}-${randomBytes(6).toString('hex')}`;
}

/**
 * Runs one claimed job with its definition: handler, then done (unless the handler completed it through
 * `completeWith`), or on a throw a retry at backoff / failed for good. Never throws; returns the outcome
 * ('done', 'retry', 'failed', or 'lost' when the lease passed to another worker meanwhile).
 */
export async function runClaimedJob(
  database: Database, job: TClaimedJob, definition: JobDefinition, token: string, log: (line: string) => void = console.error,
): Promise<'done' | 'retry' | 'failed' | 'lost'> {
  let completed = false;
  const ctx: JobContext = {
    job,
    database,
    completeWith: async (work) => database.db.transaction().execute(async (trx) => {
      const result = await work(trx);
      if (!(await jobsRepository.complete(trx, job.id, token))) throw new LeaseLostError(job.id);
      completed = true;
      return result;
    }),
  };
  try {
    await definition.handler(job.payload, ctx);
    if (completed) return 'done';
    return (await jobsRepository.complete(database.db, job.id, token)) ? 'done' : 'lost';
  } catch (error) {
    if (error instanceof LeaseLostError) return 'lost';
    const message = error instanceof Error ? error.message : String(error);
    const delay = retryDelayMs(job.attempts, definition.retryBaseMs ?? DEFAULT_RETRY_BASE_MS, definition.retryMaxMs ?? DEFAULT_RETRY_MAX_MS);
    try {
      const state = await jobsRepository.fail(database.db, job.id, token, message, delay);
      if (state === 'failed') log(`job ${job.name} #${job.id} failed for good after ${job.attempts} attempts: ${message}`);
      else if (state === 'queued') log(`job ${job.name} #${job.id} attempt ${job.attempts} failed (${message}); retry in ${Math.round(delay / 1000)} s`);
      return state === 'failed' ? 'failed' : state === 'queued' ? 'retry' : 'lost';
    } catch (recordError) {
      // The lease expires and the job runs again: nothing is lost.
      log(`job ${job.name} #${job.id}: failure not recorded (${recordError instanceof Error ? recordError.message : recordError})`);
      return 'retry';
    }
  }
}

class LeaseLostError extends Error {
  constructor(id: number) {
    super(`job #${id}: lease lost to another worker`);
  }
}

/**
 * Claims the job `id` if it is still due and runs it here and now with `definition` (a first attempt made by the
 * process that enqueued it, e.g. an e-mail sent during the request). Never throws. Returns the outcome, or
 * 'taken' when a worker had already claimed it (or it is not due).
 */
export async function runJobNow(
  database: Database, id: number, name: string, definition: JobDefinition, options: { leaseMs?: number } = {},
): Promise<'done' | 'retry' | 'failed' | 'lost' | 'taken'> {
  const token = newClaimToken();
  let claimed: TClaimedJob[];
  try {
    claimed = await jobsRepository.claim(database.db, { names: [name], limit: 1, leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS, token, onlyId: id });
  } catch {
    return 'taken';
  }
  if (!claimed[0]) return 'taken';
  return runClaimedJob(database, claimed[0], definition, token);
}

/**
 * Runs the due jobs of `names` in this process until none is due or running, or `timeoutMs` passed (default 10 s):
 * for tests that read what the jobs wrote. Jobs another worker is running are waited for
 * (checked every 20 ms). Returns how many jobs it ran itself.
 */
export async function runDueJobs(database: Database, handlers: JobHandlers, names: string[], timeoutMs = 10_000): Promise<number> {
  const token = newClaimToken();
  const deadline = Date.now() + timeoutMs;
  let ran = 0;
  const known = names.filter((n) => handlers[n]);
  while (Date.now() < deadline) {
    const [job] = await jobsRepository.claim(database.db, { names: known, limit: 1, leaseMs: DEFAULT_LEASE_MS, token });
    if (job) {
      await runClaimedJob(database, job, handlers[job.name]!, token);
      ran++;
      continue;
    }
    if (!(await jobsRepository.hasDueOrRunning(database.db, known))) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  return ran;
}

/**
 * A worker over the `jobs` table (issue 8 §4): claims due jobs of the names it has handlers for, at most
 * `concurrency` at a time, runs them, records done / retry with backoff / failed; enqueues cron schedules'
 * jobs when due (one process per slot: the schedule row is locked and the slot is the job's dedupe key). Woken at
 * once by enqueues of this process and, with `listenUrl`, by NOTIFY from others; otherwise polls every `pollMs`.
 * Used inside the server process (apps/server/src/jobs/start-job-worker.ts) and by `npm run worker`.
 */
export function createJobWorker(options: JobWorkerOptions): JobWorker {
  const { database, handlers } = options;
  const names = Object.keys(handlers);
  const schedules = options.schedules ?? [];
  const concurrency = Math.max(1, options.concurrency ?? 2);
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const log = options.log ?? ((line: string) => console.error(line));
  const token = newClaimToken();
  const running = new Set<Promise<unknown>>();
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;
  let again = false;
  let unsubscribe: (() => void) | undefined;
  let listener: pg.Client | undefined;
  const followUps = new Set<NodeJS.Timeout>();

  for (const s of schedules) {
    if (!handlers[s.name]) throw new Error(`schedule ${s.name} has no handler`);
    nextCronTime(s.cron, new Date(), s.tz); // refuses an invalid expression at start
  }

  const scheduleTick = (ms: number) => {
    if (stopping) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void tick(), ms);
    timer.unref();
  };

  const enqueueDueSchedules = async () => {
    if (schedules.length === 0) return;
    await database.db.transaction().execute(async (trx) => {
      const due = await jobsRepository.lockDueSchedules(trx, schedules.map((s) => s.name));
      for (const s of due) {
        // One job per slot even when several slots passed while no worker ran (catch up once, not per slot).
        await enqueue(trx, s.name, { slot: s.next_run_at.toISOString() }, { key: `${s.name}@${s.next_run_at.toISOString()}` });
        await jobsRepository.setNextRun(trx, s.name, nextCronTime(s.cron, new Date(Math.max(Date.now(), s.next_run_at.getTime())), s.tz));
      }
    });
  };

  const tick = async (): Promise<void> => {
    if (ticking) {
      again = true;
      return ticking;
    }
    ticking = (async () => {
      do {
        again = false;
        if (stopping) return;
        try {
          const free = concurrency - running.size;
          const look = await jobsRepository.peek(database.db, names, schedules.map((s) => s.name));
          if (look.schedules) await enqueueDueSchedules();
          if (look.expired) await jobsRepository.failExpiredLastAttempts(database.db);
          const jobs = free > 0 && (look.due || look.schedules)
            ? await jobsRepository.claim(database.db, { names, limit: free, leaseMs, token })
            : [];
          for (const job of jobs) {
            const run = runClaimedJob(database, job, handlers[job.name]!, token, log).finally(() => {
              running.delete(run);
              if (!stopping) void tick();
            });
            running.add(run);
          }
          if (jobs.length === free && free > 0) again = true; // more may be due
        } catch (error) {
          if (!stopping) log(`job worker: ${error instanceof Error ? error.message : error}`);
        }
      } while (again && !stopping && running.size < concurrency);
    })().finally(() => {
      ticking = undefined;
    });
    await ticking;
    scheduleTick(pollMs);
  };

  const wake = () => {
    if (stopping) return;
    void tick();
    for (const ms of [50, 250]) {
      const t = setTimeout(() => {
        followUps.delete(t);
        void tick();
      }, ms);
      t.unref();
      followUps.add(t);
    }
  };

  return {
    get active() {
      return running.size;
    },
    wake,
    async start() {
      const now = new Date();
      for (const s of schedules) {
        const tz = s.tz ?? DEFAULT_SCHEDULE_TZ;
        await jobsRepository.upsertSchedule(database.db, { name: s.name, cron: s.cron, tz, nextRunAt: nextCronTime(s.cron, now, tz) });
      }
      if (options.releaseLeasesAtStart) {
        const released = await jobsRepository.releaseAllLeases(database.db);
        if (released) log(`jobs: ${released} left running by a stopped process are due again`);
      }
      unsubscribe = onLocalWake(wake);
      if (options.listenUrl) {
        listener = new pg.Client({ connectionString: options.listenUrl });
        listener.on('error', (error) => log(`job worker LISTEN: ${error.message}`)); // polling still runs
        listener.on('notification', () => wake());
        await listener.connect();
        await listener.query(`LISTEN ${JOBS_CHANNEL}`);
      }
      void tick();
    },
    async stop(timeoutMs = 25_000) {
      stopping = true;
      if (timer) clearTimeout(timer);
      for (const t of followUps) clearTimeout(t);
      followUps.clear();
      unsubscribe?.();
      await listener?.end().catch(() => undefined);
      await ticking?.catch(() => undefined);
      if (running.size > 0) {
        let stopWaiting: NodeJS.Timeout | undefined;
        await Promise.race([
          Promise.allSettled([...running]),
          new Promise((r) => {
            stopWaiting = setTimeout(r, timeoutMs);
          }),
        ]);
        clearTimeout(stopWaiting);
      }
    },
  };
}
