import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { databaseOptions, migrate, openDatabase } from '@nj/db';
import { watchWrites } from '@nj/core/search/index/write-watch';
import { readServerConfig, ServerConfigError, type ServerConfig } from './config.ts';
import { buildApp } from './app.ts';
import { closeOnSignals } from './close-on-signals.ts';
import { prepareData } from './startup.ts';
import { startJobWorker } from './jobs/start-job-worker.ts';

/**
 * How many server processes to run (docs/decisions/003-cluster-with-postgresql.md): `WEB_CONCURRENCY` when set (1
 * turns clustering off; at most 64); otherwise one per core (at most 8) with DATABASE_URL and 1 with the embedded PGlite, which
 * only one process may open. Returns at least 1; with PGlite always 1.
 */
function processCount(config: Pick<ServerConfig, 'url' | 'webConcurrency'>): number {
  if (!config.url) return 1;
  if (config.webConcurrency !== undefined) return Math.min(config.webConcurrency, 64);
  return Math.max(1, Math.min(8, availableParallelism()));
}

/** Opens the database and serves API and pages on PORT in this process; SIGINT/SIGTERM close it cleanly. */
async function serve(config: ServerConfig, prepare: boolean, clustered = false): Promise<void> {
  const database = await openDatabase(databaseOptions(config));
  if (prepare) {
    const applied = await migrate(database);
    if (applied.length) console.log(`Migraciones aplicadas: ${applied.join(', ')}`);
    if (!config.skipDemoImport) await prepareData(database, { log: (line) => console.log(line), exchangeRates: config.exchangeRates });
  }
  // PGlite: this process is the only writer, so the search index may skip its change query while nothing is
  // written (decision 003).
  if (!config.url) watchWrites(database);
  // Workers share the chat's rooms: through Redis with REDIS_URL, else through PostgreSQL (decision 010).
  const app = await buildApp({ database, config, web: true, logger: true, chatRoomsOverPostgres: clustered && !!config.url });
  await app.listen({ port: config.port, host: config.host });
  // PGlite: each query costs milliseconds of this one thread, so the search's row cache is filled in the
  // background when the catalogue fits (decision 003); a failure only means rows are read as searches need them.
  if (!config.url) {
    app.services.search.index.prefillRows().catch((error: unknown) => console.error('row cache prefill failed', error));
  }
  // Background jobs run in this process by default (issue 8 §4); `npm run worker` adds processes for scale.
  const jobs = await startJobWorker(app.services, config);
  closeOnSignals(app, database, () => jobs.stop());
}

/** Migrations and the first-start import, once, before the workers start (PostgreSQL only). */
async function prepareOnce(config: ServerConfig): Promise<void> {
  const database = await openDatabase(databaseOptions(config));
  try {
    const applied = await migrate(database);
    if (applied.length) console.log(`Migraciones aplicadas: ${applied.join(', ')}`);
    if (!config.skipDemoImport) await prepareData(database, { log: (line) => console.log(line), exchangeRates: config.exchangeRates });
  } finally {
    await database.close();
  }
}

/**
 * `npm start`: opens the database (PGlite in DATA_DIR, or DATABASE_URL), runs migrations, imports the demo data on
 * an empty database (with progress on the console), then serves API and pages on PORT. With DATABASE_URL it runs
 * one server process per core sharing the port (node:cluster; each builds its own search index and follows
 * properties.change_seq, decision 002); a worker that dies is replaced. Workers share one SESSION_SECRET (a random
 * one made here when unset outside production) so CSRF tokens signed by one are valid in all.
 */
async function main(): Promise<void> {
  if (cluster.isWorker) {
    await serve(readServerConfig(process.env), false, true);
    return;
  }
  // One secret for every process: set before the workers inherit the environment.
  if (!process.env.SESSION_SECRET?.trim() && process.env.NODE_ENV !== 'production') {
    process.env.SESSION_SECRET = randomBytes(32).toString('base64url');
  }
  // The one read of the environment: every adapter is built from this (issue 8 §2).
  const config = readServerConfig(process.env);
  if (!config.url) mkdirSync(config.dataDir, { recursive: true });
  console.log(config.url ? 'Base de datos: PostgreSQL (DATABASE_URL)' : `Base de datos: PGlite en ${config.dataDir}`);
  if (config.devOutbox) {
    console.log(`Buzón de desarrollo (DEV_OUTBOX=1): http://localhost:${config.port}/dev/correos muestra PINs y enlaces, solo a esta máquina. Nunca lo actives en un servidor que otros alcancen (DEV_OUTBOX=0 lo apaga).`);
  }
  if (config.textProvider.provider === 'none') {
    console.log('Mensajes SMS/WhatsApp: sin proveedor (SMS_PROVIDER=twilio y TWILIO_*); cada envío de código se rechaza.');
  }
  const workers = processCount(config);
  if (workers === 1) {
    await serve(config, true);
    console.log(`Listo: http://localhost:${config.port}`);
    return;
  }
  await prepareOnce(config);
  let stopping = false;
  let listening = 0;
  const deaths: number[] = [];
  const fork = () => {
    const worker = cluster.fork();
    worker.once('listening', () => {
      listening++;
      if (listening === workers) console.log(`Listo: http://localhost:${config.port} (${workers} procesos)`);
    });
  };
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    const now = Date.now();
    deaths.push(now);
    while (deaths.length && deaths[0]! < now - 60_000) deaths.shift();
    if (deaths.length > 2 * workers + 4) {
      console.error('Los procesos del servidor terminan una y otra vez; se detiene');
      process.exit(1);
    }
    console.error(`Proceso ${worker.process.pid} terminó (${signal ?? code}); se inicia otro`);
    setTimeout(fork, 1000);
  });
  for (let i = 0; i < workers; i++) fork();
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    let left = Object.keys(cluster.workers ?? {}).length;
    if (left === 0) process.exit(0);
    cluster.on('exit', () => {
      left--;
      if (left <= 0) process.exit(0);
    });
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  // A malformed setting needs no stack trace: each line names the variable to fix.
  console.error(error instanceof ServerConfigError ? `Configuración inválida:\n${error.message}` : error);
  process.exit(1);
});
