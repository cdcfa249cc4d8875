import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Database } from './connect.ts';

const MIGRATIONS_DIR = join(import.meta.dirname, 'migrations');

/**
 * Applies, in file-name order, every `migrations/NNN-*.sql` not yet recorded in `schema_migrations`. Each file runs
 * in its own transaction. Returns the names it applied. Throws on the first failing file (nothing of it is kept).
 */
export async function migrate(database: Database): Promise<string[]> {
  await database.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const done = new Set(
    (await database.db.selectFrom('schema_migrations').select('name').execute()).map((r) => r.name),
  );
  const files = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const text = readFileSync(join(MIGRATIONS_DIR, file), 'utf8');
    await database.exec(`BEGIN;\n${text}\n;INSERT INTO schema_migrations (name) VALUES ('${file.replace(/'/g, "''")}');\nCOMMIT;`);
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
