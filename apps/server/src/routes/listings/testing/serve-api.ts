import { mkdirSync } from 'node:fs';
import { databaseOptions, migrate, openDatabase } from '@nj/db';
import { buildApp } from '../../../app.ts';
import { readServerConfig } from '../../../config.ts';
import { closeOnSignals } from '../../../close-on-signals.ts';
import { startJobWorker } from '../../../jobs/start-job-worker.ts';

/**
 * The API server as `npm start` runs it (apps/server/src/main.ts: settings from the environment, migrations, the
 * same buildApp, listening on HOST:PORT) but without the server-rendered pages, which need `npm run build`, and
 * without the demo import, with its background job worker. For tests that start a real server process and kill it
 * (crash-publish.test.ts, jobs/crash-jobs.test.ts).
 * Prints 'LISTO' when it listens; SIGINT/SIGTERM close it cleanly.
 */
async function serveApi(): Promise<void> {
  const config = readServerConfig();
  if (!config.url) mkdirSync(config.dataDir, { recursive: true });
  const database = await openDatabase(databaseOptions(config));
  await migrate(database);
  const app = await buildApp({ database, config, web: false, logger: false });
  await app.listen({ port: config.port, host: config.host });
  const jobs = await startJobWorker(app.services, config);
  console.log('LISTO');
  closeOnSignals(app, database, () => jobs.stop());
}

serveApi().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
