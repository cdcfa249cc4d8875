import { join, resolve } from 'node:path';
import type { DatabaseOptions } from './connect.ts';

export type DbConfig = { url: string | undefined; dataDir: string };

/**
 * Reads the database settings from the environment: `DATABASE_URL` (postgres://…, optional) and `DATA_DIR`
 * (default `./.data`, relative to the working directory; PGlite keeps its files in `DATA_DIR/pglite`).
 */
export function readDbConfig(env: NodeJS.ProcessEnv = process.env): DbConfig {
  const url = env.DATABASE_URL?.trim() || undefined;
  const dataDir = resolve(env.DATA_DIR?.trim() || '.data');
  return { url, dataDir };
}

/**
 * How to open the configured database: the PostgreSQL server of DATABASE_URL, or PGlite in `DATA_DIR/pglite`.
 * The server and every command line tool open it through this, so they all read and write the same database.
 */
export function databaseOptions(config: DbConfig): DatabaseOptions {
  return config.url ? { url: config.url } : { dataDir: join(config.dataDir, 'pglite') };
}
