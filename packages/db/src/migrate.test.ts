import { afterAll, describe, expect, it } from 'vitest';
import { migrate, migrationNames, openDatabase, type Database } from './index.ts';
import { createScratchDatabase, postgresAnswers } from './testing/postgres-server.ts';

/**
 * Issue 8 §4 "Migrations take a lock": several processes starting at once against one fresh PostgreSQL database
 * (here: four pools, as four server processes would open) all succeed, every migration is applied exactly once and
 * each caller sees a consistent answer. Needs the PostgreSQL server at postgres://postgres@127.0.0.1:5432 (or
 * PG_TEST_URL) with PostGIS; skipped when none answers.
 */

const hasPostgres = await postgresAnswers();
const created: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const drop of created) await drop();
});

describe.skipIf(!hasPostgres)('migrate on PostgreSQL', () => {
  it('four processes migrating one fresh database at once: each file applied once, all succeed', async () => {
    const scratch = await createScratchDatabase('nj_jobs_test_migrate');
    created.push(scratch.drop);
    const url = scratch.url;
    const databases: Database[] = [];
    for (let i = 0; i < 4; i++) databases.push(await openDatabase({ url, poolSize: 1 }));
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
