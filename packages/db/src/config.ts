import { join, resolve } from 'node:path';
import type { DatabaseOptions } from './connect.ts';

export type DbConfig = { url: string | undefined; dataDir: string };

/** The variables read by readDbConfig (listed in the server's settings schema and the README). */
export const DB_VARIABLES = ['DATABASE_URL', 'DATA_DIR'] as const;

/**
 * Reads the database settings from `env`: `DATABASE_URL` (postgres://…, optional) and `DATA_DIR` (default `./.data`,
 * relative to the working directory; PGlite keeps its files in `DATA_DIR/pglite`). The server reads them once at
 * start through its settings schema (ServerConfig); command line tools call this with no argument, at their start.
 */
export function readDbConfig(env: { [K in (typeof DB_VARIABLES)[number]]?: string | undefined } = process.env): DbConfig {
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
