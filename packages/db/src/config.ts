import { resolve } from 'node:path';

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
