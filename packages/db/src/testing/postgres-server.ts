import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** For tests that need a PostgreSQL server of their own: its admin URL (PG_TEST_URL, default the local server). */
export const PG_ADMIN_URL = process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** True when the PostgreSQL server at PG_ADMIN_URL answers within 2 s (tests skip themselves otherwise). */
export async function postgresAnswers(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/** Runs one statement on the server's admin database. Throws the server's error. */
export async function pgAdmin(query: string): Promise<void> {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL });
  await c.connect();
  try {
    await c.query(query);
  } finally {
    await c.end();
  }
}

/**
 * Creates an empty database named `<prefix>_<random hex>` on that server. Returns its name, its URL and `drop()`,
 * which removes it (with FORCE: connections still open are closed).
 */
export async function createScratchDatabase(prefix: string): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await pgAdmin(`CREATE DATABASE ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => pgAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
