import { cpSync, existsSync, mkdtempSync, renameSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../connect.ts';
import { migrate } from '../migrate.ts';

/**
 * Test databases. A template is prepared once per test run (migrated and seeded); every test file then gets its
 * own copy: a copied PGlite data folder (about 2 s to open) or, when `DATABASE_URL` is set, a PostgreSQL database
 * created from a template database (instant). Nothing is shared between test files, so they can run in parallel.
 */
const TEMPLATE_ENV = 'NJ_TEST_TEMPLATE';

export type PreparedTemplate = { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string; name: string };

/** Builds the template with `seed` unless one with the same `key` exists. Sets the env var test files read. */
export async function prepareTemplate(key: string, seed: (database: Database) => Promise<void>): Promise<PreparedTemplate> {
  const url = process.env.DATABASE_URL;
  let prepared: PreparedTemplate;
  if (url) {
    const name = `nj_tpl_${key}`.slice(0, 60);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) {
      // Built under a private name and renamed at the end, so concurrent runs never see half a template.
      const building = `${name}_b${process.pid}`.slice(0, 63);
      await admin.query(`DROP DATABASE IF EXISTS ${building}`);
      await admin.query(`CREATE DATABASE ${building}`);
      const database = await openDatabase({ url: withDatabase(url, building), poolSize: 2 });
      await migrate(database);
      await seed(database);
      await database.close();
      try {
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      } catch {
        await admin.query(`DROP DATABASE IF EXISTS ${building}`); // another run finished first
      }
    }
    await admin.end();
    prepared = { kind: 'postgres', url, name };
  } else {
    const dir = join(tmpdir(), `nj-test-template-${key}`);
    if (!existsSync(join(dir, 'READY'))) {
      // Built in a private folder and renamed at the end, so concurrent runs never see half a template.
      const building = `${dir}.building-${process.pid}`;
      rmSync(building, { recursive: true, force: true });
      const database = await openDatabase({ dataDir: join(building, 'pg') });
      await migrate(database);
      await seed(database);
      await database.close();
      writeFileSync(join(building, 'READY'), new Date().toISOString());
      if (existsSync(join(dir, 'READY'))) {
        // Another run finished the same template first: this copy is dropped. A leftover (PGlite may still be
        // releasing files a moment after close) is only disk space, never a reason to fail the run.
        try {
          rmSync(building, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
        } catch (error) {
          console.warn(`No se pudo borrar ${building}: ${String(error)}`);
        }
      } else {
        rmSync(dir, { recursive: true, force: true });
        renameSync(building, dir);
      }
    }
    prepared = { kind: 'pglite', dir };
  }
  process.env[TEMPLATE_ENV] = JSON.stringify(prepared);
  return prepared;
}

/**
 * Opens a private copy of the prepared template for one test file. Close it in afterAll. Slow queries are not logged
 * (a test machine's timings say nothing; the slow-query log has its own test in connect.test.ts).
 */
export async function openTestDatabase(): Promise<Database> {
  const raw = process.env[TEMPLATE_ENV];
  if (!raw) throw new Error('No test template: run tests through vitest (test/global-setup.ts prepares it)');
  const prepared = JSON.parse(raw) as PreparedTemplate;
  if (prepared.kind === 'postgres') {
    const name = `nj_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: prepared.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${prepared.name}`);
    await admin.end();
    const database = await openDatabase({ url: withDatabase(prepared.url, name), poolSize: 4, slowQuery: false });
    const close = database.close;
    database.close = async () => {
      await close();
      const a = new pg.Client({ connectionString: prepared.url });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    };
    return database;
  }
  const copy = mkdtempSync(join(tmpdir(), 'nj-test-db-'));
  cpSync(join(prepared.dir, 'pg'), join(copy, 'pg'), { recursive: true });
  const database = await openDatabase({ dataDir: join(copy, 'pg'), slowQuery: false });
  const close = database.close;
  database.close = async () => {
    await close();
    rmSync(copy, { recursive: true, force: true });
  };
  return database;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Reads a file's text, for keys made from fixture contents. */
export function fileText(path: string): string {
  return readFileSync(path, 'utf8');
}
