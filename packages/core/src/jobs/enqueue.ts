import { jobsRepository, type JobExecutor } from './jobs-repository.ts';
import { wakeLocalWorkers } from './local-wake.ts';

/** Options of one job: not before `runAt`; `key` dedupes (one job per name and key, ever kept); attempts cap. */
export type EnqueueOptions = {
  /** Earliest start (default now). */
  runAt?: Date;
  /** Dedupe key: a second enqueue with the same name and key adds nothing (returns null). */
  key?: string;
  /** Attempts before the job is failed for good (default 8, or the handler's own). */
  maxAttempts?: number;
  /** Wake this process's workers (default true); false when the caller runs the job itself at once. */
  wake?: boolean;
};

/**
 * Adds a job to the durable queue (issue 8 §4, docs/decisions/005-job-queue.md). Pass the caller's transaction as
 * `db` so the job exists exactly when the change that causes it commits (transactional outbox): a rolled-back
 * transaction leaves no job. The insert notifies the `nj_jobs` channel (delivered at commit) and pokes this
 * process's workers, so an idle worker starts it within milliseconds of the commit.
 *
 * @param db the database's Kysely or a transaction of it
 * @param name the job's handler name, e.g. 'email.send' (a worker runs only names it has handlers for)
 * @param payload any JSON value (kept as jsonb; read back as parsed JSON)
 * @returns the job id, or null when `key` matched an existing job of the same name
 * @throws only database errors
 */
export async function enqueue(db: JobExecutor, name: string, payload: unknown, options: EnqueueOptions = {}): Promise<number | null> {
  const id = await jobsRepository.insert(db, {
    name, payload, key: options.key, runAt: options.runAt, maxAttempts: options.maxAttempts,
  });
  if (id !== null && options.wake !== false) wakeLocalWorkers();
  return id;
}
