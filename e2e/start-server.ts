import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import pg from 'pg';
import { OAuth2Server } from 'oauth2-mock-server';
import { migrationsFingerprint, prepareTemplate, type Database } from '@nj/db';
import { importSepomexPlaces, loadShippedPlaces } from '@nj/geo';
import { prepareData } from '../apps/server/src/startup.ts';
import { buildWebApp, sweepWebBuilds, webBuildFolder } from './support/build-web.ts';
import { isAlive } from './support/is-alive.ts';

/**
 * Starts the product for one end-to-end run, as `npm start` does, on a database and a web build of its own so that
 * several runs can share a machine, and other people's builds cannot pull the assets away (issue 8 §6):
 * - the web app built into `apps/web/node_modules/.cache/nj-e2e-build-<pid>` (support/build-web.ts), served through
 *   WEB_BUILD_DIR; built while the database is prepared;
 * - PGlite: a fresh data folder `$TMPDIR/nj-e2e-run-<pid>-*` (media included), copied from a prepared template;
 * - DATABASE_URL: a fresh database `nj_e2e_<host>_<pid>` created from a template database.
 * The template holds what the first `npm start` would make (migrations, shipped places, the SEPOMEX catalogue from
 * ../shared/data when present, the demo listings, the derived colonias); it is built once and rebuilt when any of
 * its inputs changes (see `templateKey`), so a run pays a copy (seconds) instead of the import (about a minute).
 * The run's build and folder or database are removed when the server stops (SIGTERM/SIGINT, as Playwright's gracefulShutdown
 * sends); ones left by runs that were killed (their process is gone) are removed at the next start.
 * Reads PORT (given by playwright.config.ts); a local OpenID Connect provider stands in for Google on a free port.
 */
const root = resolve(import.meta.dirname, '..');
const RUN_PREFIX = 'nj-e2e-run-';
// The host is part of a database's name: runs on other machines sharing one PostgreSQL are never swept from here.
const hostTag = createHash('sha256').update(hostname()).digest('hex').slice(0, 6);
const sepomex = resolve(root, '../shared/data/mx-geocoder/sepomex_asentamientos.csv.gz');


/**
 * A digest of everything the template's content depends on: the migrations, the code that loads the first-start
 * data (places, SEPOMEX, listings) and the data files (names, sizes and times, not contents: `data/` is megabytes).
 * Returns 16 hex digits.
 */
function templateKey(): string {
  const hash = createHash('sha256').update(migrationsFingerprint());
  const code = (dir: string) => readdirSync(join(root, dir)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).map((f) => join(dir, f));
  for (const file of [...code('packages/db/src/import'), ...code('packages/geo/src'), 'apps/server/src/startup.ts']) {
    hash.update(file).update(readFileSync(join(root, file)));
  }
  const stamp = (path: string) => {
    const s = statSync(path);
    hash.update(`${relative(root, path)} ${s.size} ${s.mtimeMs}\n`);
  };
  for (const entry of readdirSync(join(root, 'data'), { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) stamp(join(entry.parentPath, entry.name));
  }
  if (existsSync(sepomex)) stamp(sepomex);
  return hash.digest('hex').slice(0, 16);
}

/** What the first `npm start` imports, in the same order; each step logs its progress. */
async function seedFirstStart(database: Database): Promise<void> {
  const log = (line: string) => console.log(line);
  await loadShippedPlaces(database, { log });
  if (existsSync(sepomex)) {
    log(`SEPOMEX: ${sepomex}`);
    await importSepomexPlaces(database, sepomex);
  }
  await prepareData(database, { log });
}

/** Removes the data folders of e2e runs whose process is gone (killed before they could clean up). */
function sweepDeadFolders(): void {
  for (const name of readdirSync(tmpdir())) {
    const pid = Number(new RegExp(`^${RUN_PREFIX}(\\d+)-`).exec(name)?.[1]);
    if (pid && !isAlive(pid)) rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
}

const env: NodeJS.ProcessEnv = { ...process.env };
// The stories' people all connect from 127.0.0.1, yet in life each signs up from their own address: loopback is
// trusted as a proxy here so support/sign-up.ts can give each person an address of their own (X-Forwarded-For) and
// a run with many people does not hit the per-IP sign-up limit. Requests without the header keep the socket's IP.
env.TRUST_PROXY ||= '127.0.0.1';
// Issue 14: every address ending in '@soporte.e2e.test' becomes a support user once verified (SUPPORT_EMAILS; the
// support story signs one up). Nobody else in e2e is named.
env.SUPPORT_EMAILS = '@soporte.e2e.test';
const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('PORT must be set (playwright.config.ts chooses one per run)');
// Issue 15: branded hosts (*.test) send people to the central login on the host the stories sign up on.
env.PRODUCT_HOST ||= `127.0.0.1:${port}`;
const key = `e2e_${templateKey()}`;
const started = Date.now();
let cleanup: () => Promise<void>;

sweepWebBuilds(root, isAlive);
const webBuild = webBuildFolder(root, process.pid);
env.WEB_BUILD_DIR = webBuild;
const removeWebBuild = () => rmSync(webBuild, { recursive: true, force: true });
const built = buildWebApp(root, webBuild).then((ms) => console.log(`e2e: web app built in ${ms} ms into ${relative(root, webBuild)}`));
built.catch(() => undefined); // awaited below, once the database is ready

if (process.env.DATABASE_URL) {
  const template = await prepareTemplate(key, seedFirstStart);
  if (template.kind !== 'postgres') throw new Error('expected a PostgreSQL template');
  const name = `nj_e2e_${hostTag}_${process.pid}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  // Older templates (other inputs) are dropped once this one is ready, as with PGlite.
  const old = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1 AND datname <> $2', ['nj_tpl_e2e_%', template.name]);
  for (const { datname } of old.rows) {
    await admin.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => undefined); // in use: left for a later run
  }
  const runs = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`nj_e2e_${hostTag}_%`]);
  for (const { datname } of runs.rows) {
    const pid = Number(datname.slice(`nj_e2e_${hostTag}_`.length));
    if (pid && pid !== process.pid && !isAlive(pid)) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  }
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  cleanup = async () => {
    const a = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await a.end();
  };
  console.log(`e2e: database ${name} from ${template.name} in ${Date.now() - started} ms`);
} else {
  sweepDeadFolders();
  const template = await prepareTemplate(key, seedFirstStart);
  if (template.kind !== 'pglite') throw new Error('expected a PGlite template');
  // Older templates (other inputs) are dropped once this one is ready; they are hundreds of megabytes each. Another
  // checkout's run on this machine may be building one (`….building-<pid>`, its process alive) or copying from one
  // it has just finished: those are left alone, and a finished one only goes once it is 15 minutes old.
  for (const name of readdirSync(tmpdir())) {
    const path = join(tmpdir(), name);
    if (!name.startsWith('nj-test-template-e2e_') || path === template.dir) continue;
    const builder = Number(/\.building-(\d+)$/.exec(name)?.[1]);
    if (builder ? isAlive(builder) : existsSync(join(path, 'READY')) && Date.now() - statSync(join(path, 'READY')).mtimeMs < 15 * 60_000) continue;
    try {
      rmSync(path, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    } catch (error) {
      console.warn(`e2e: no se pudo borrar ${path}: ${String(error)}`);
    }
  }
  const dataDir = mkdtempSync(join(tmpdir(), `${RUN_PREFIX}${process.pid}-`));
  cpSync(join(template.dir, 'pg'), join(dataDir, 'pglite'), { recursive: true }); // where the server opens PGlite
  env.DATA_DIR = dataDir;
  cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
  console.log(`e2e: data folder ${dataDir} from ${template.dir} in ${Date.now() - started} ms`);
}
delete env.NJ_TEST_TEMPLATE; // set by prepareTemplate for Vitest; not the server's business
try {
  await built;
} catch (error) {
  removeWebBuild();
  await cleanup();
  throw error;
}

// A local OpenID Connect provider stands in for Google (the real protocol: discovery, PKCE, signed ID tokens).
const oidc = new OAuth2Server();
await oidc.issuer.keys.generate('RS256');
oidc.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
  Object.assign(token.payload, { email: 'google.e2e@example.mx', email_verified: true, name: 'Gabriela Google' });
});
await oidc.start(0, '127.0.0.1');
Object.assign(env, {
  GOOGLE_CLIENT_ID: 'e2e-google-client', GOOGLE_CLIENT_SECRET: 'e2e-google-secret', GOOGLE_ISSUER_URL: oidc.issuer.url,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  // The stories read PINs and codes from the local outbox, served only with this setting and only to loopback.
  DEV_OUTBOX: '1',
});
// Issue 16 (decision 033): agencies' EasyBroker and KW connections talk to the in-process sandboxes of their APIs —
// not when bench:pages runs this server as deployed (NODE_ENV=production refuses the sandboxes; no page it measures
// needs them).
if (env.NODE_ENV !== 'production') Object.assign(env, { EASYBROKER_PROVIDER: 'sandbox', KW_PROVIDER: 'sandbox' });

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, env, stdio: 'inherit' });
let finishing: Promise<void> | undefined;
/** Stops the mock provider and removes the run's database once the server has exited; then exits with `code`. */
const finish = (code: number) => {
  finishing ??= (async () => {
    await oidc.stop().catch(() => undefined);
    await cleanup().catch((error: unknown) => console.error('e2e: cleanup failed', error));
    removeWebBuild();
    process.exit(code);
  })();
  return finishing;
};
server.on('exit', (code, signal) => void finish(code ?? (signal ? 0 : 1)));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}
