import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, migrationNames, openDatabase, type Database } from './index.ts';

/**
 * Issue 8 §4 "Migrations take a lock": several processes starting at once against one fresh PostgreSQL database
 * (here: four pools, as four server processes would open) all succeed, every migration is applied exactly once and
 * each caller sees a consistent answer. Needs the PostgreSQL server at postgres://postgres@127.0.0.1:5432 (or
 * PG_TEST_URL) with PostGIS; skipped when none answers.
 */

const ADMIN_URL = process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function postgresAnswers(): Promise<boolean> {
  const c = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

async function admin(query: string): Promise<void> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    await c.query(query);
  } finally {
    await c.end();
  }
}

const hasPostgres = await postgresAnswers();
const created: string[] = [];

afterAll(async () => {
  for (const name of created) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

describe.skipIf(!hasPostgres)('migrate on PostgreSQL', () => {
  it('four processes migrating one fresh database at once: each file applied once, all succeed', async () => {
    const name = `nj_jobs_test_migrate_${randomBytes(4).toString('hex')}`;
    await admin(`CREATE DATABASE ${name}`);
    created.push(name);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    const databases: Database[] = [];
    for (let i = 0; i < 4; i++) databases.push(await openDatabase({ url: url.toString(), poolSize: 1 }));
    try {
      const results = await Promise.allSettled(databases.map((d) => migrate(d)));
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      const applied = results.flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
      expect(applied.sort()).toEqual(migrationNames());
      // Exactly one process did the work; the others waited on the lock and found everything applied.
      expect(results.filter((r) => r.status === 'fulfilled' && r.value.length > 0)).toHaveLength(1);
      const rows = await databases[0]!.db.selectFrom('schema_migrations').select('name').execute();
      expect(rows.map((r) => r.name).sort()).toEqual(migrationNames());
      expect(await migrate(databases[1]!)).toEqual([]);
    } finally {
      for (const d of databases) await d.close();
    }
  });
});
