import { databaseOptions, migrate, openDatabase } from '@nj/db';
import { readServerConfig } from './config.ts';
import { createJobAdapters } from './services.ts';
import { startJobWorker } from './jobs/start-job-worker.ts';

/** Jobs one worker process runs at once. */
const WORKER_CONCURRENCY = 4;

/**
 * `npm run worker`: a process that only runs background jobs (issue 8 §4), for scale beside the server processes,
 * against the same PostgreSQL (DATABASE_URL; the embedded PGlite belongs to the one server process, which runs its
 * jobs itself). Reads the same settings as the server, migrates (under the migration lock, so it may start together
 * with the servers), then claims jobs until SIGTERM or SIGINT, when it stops claiming, lets running jobs finish (up
 * to 25 s; a job still running keeps its lease and is re-run elsewhere) and exits 0. Exits 1 without DATABASE_URL.
 */
async function main(): Promise<void> {
  const config = readServerConfig();
  if (!config.url) {
    console.error('npm run worker necesita DATABASE_URL (PostgreSQL): con la base embebida PGlite los trabajos corren dentro de npm start.');
    process.exit(1);
  }
  const database = await openDatabase(databaseOptions(config));
  await migrate(database);
  const worker = await startJobWorker({ database, ...createJobAdapters(database, config) }, config, { concurrency: WORKER_CONCURRENCY });
  console.log(`Trabajos en segundo plano: proceso ${process.pid} listo (${WORKER_CONCURRENCY} a la vez)`);
  const stop = async () => {
    await worker.stop();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
