import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Database } from './connect.ts';
import type { DB } from './schema.ts';

const MIGRATIONS_DIR = join(import.meta.dirname, 'migrations');

/**
 * Key of the PostgreSQL advisory lock every migrating process takes first (any 64-bit number no other lock uses;
 * this one spells "nj migr" loosely). Exported for the concurrency test.
 */
export const MIGRATION_LOCK_KEY = 7_106_237_104_617_298n;

/**
 * Applies, in file-name order, every `migrations/NNN-*.sql` not yet recorded in `schema_migrations`. Each file runs
 * in its own transaction. Returns the names it applied. Throws on the first failing file (nothing of it is kept).
 *
 * On PostgreSQL the whole run holds `pg_advisory_lock(MIGRATION_LOCK_KEY)` and runs on one connection of the pool (issue 8
 * §4 "Migrations take a lock"): several processes starting at once against one server wait for each other, and
 * the ones that get the lock later find the files recorded and apply nothing. The lock is a session lock, so a
 * process that dies while migrating releases it with its connection. PGlite is opened by one process only: no lock.
 */
export async function migrate(database: Database): Promise<string[]> {
  if (database.kind !== 'postgres') return applyPending(database.db, (text) => database.exec(text));
  // Everything on the one connection that holds the lock, so a pool of any size (even 1) migrates.
  return database.db.connection().execute(async (session) => {
    await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK_KEY.toString()}::bigint)`.execute(session);
    try {
      // No parameters: pg sends the text with the simple protocol, which runs several statements.
      return await applyPending(session, async (text) => void (await sql.raw(text).execute(session)));
    } finally {
      await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK_KEY.toString()}::bigint)`.execute(session);
    }
  });
}

async function applyPending(db: Kysely<DB>, exec: (text: string) => Promise<void>): Promise<string[]> {
  await exec('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  const done = new Set((await db.selectFrom('schema_migrations').select('name').execute()).map((r) => r.name));
  const files = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const text = readFileSync(join(MIGRATIONS_DIR, file), 'utf8');
    try {
      await exec(`BEGIN;\n${text}\n;INSERT INTO schema_migrations (name) VALUES ('${file.replace(/'/g, "''")}');\nCOMMIT;`);
    } catch (error) {
      // The failed file left its transaction open (aborted) on this session: end it before the lock is released.
      await exec('ROLLBACK').catch(() => undefined);
      throw error;
    }
    applied.push(file);
  }
  return applied;
}

/** The names of all migration files, in order. */
export function migrationNames(): string[] {
  return readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).sort();
}

/** Names and contents of all migrations, for keying prepared test databases (an edited migration rebuilds them). */
export function migrationsFingerprint(): string {
  return migrationNames().map((f) => `${f}\n${readFileSync(join(MIGRATIONS_DIR, f), 'utf8')}`).join('\n');
}

export { sql };
