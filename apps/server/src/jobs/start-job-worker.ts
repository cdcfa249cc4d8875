import type { ServerConfig } from '@nj/core/config/server-config';
import { createJobWorker, type JobWorker } from '@nj/core/jobs/job-worker';
import { JOB_SCHEDULES, jobHandlers, type JobDeps } from './job-handlers.ts';

/**
 * Starts the background job worker of this process (issue 8 §4): inside the server by default (main.ts), or alone
 * with `npm run worker` (worker.ts). On PostgreSQL it LISTENs for jobs enqueued by other processes; on PGlite (one
 * process owns the database) jobs left running by a killed process are due again at once. Returns the started
 * worker; stop it before closing the database. Throws when the database cannot be read.
 *
 * @param options.concurrency jobs at a time (default 2: one e-mail waiting on SMTP does not hold the others)
 */
export async function startJobWorker(deps: JobDeps, config: Pick<ServerConfig, 'url'>, options: { concurrency?: number } = {}): Promise<JobWorker> {
  const worker = createJobWorker({
    database: deps.database,
    handlers: jobHandlers(deps),
    schedules: JOB_SCHEDULES,
    concurrency: options.concurrency ?? 2,
    listenUrl: config.url,
    releaseLeasesAtStart: !config.url,
    log: (line) => console.error(line),
  });
  await worker.start();
  return worker;
}
