import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openTestDatabase, type Database } from '@nj/db';
import { buildApp } from '../app.ts';
import { readServerConfig } from '../config.ts';

/**
 * For API test files: a private copy of the seeded test database and the app built on it (no pages), opened before
 * the file's tests and closed after them. `env` holds settings as environment variables (SESSION_SECRET defaults
 * to a fixed test value). With `options.dataDirPrefix`, DATA_DIR is a fresh temporary folder of that prefix (media,
 * uploads), removed after the file's tests. Read `.app`, `.database` and `.dataDir` inside tests (they exist once
 * beforeAll ran).
 */
export function useTestApp(
  env: Record<string, string> = {},
  options: { dataDirPrefix?: string } = {},
): { readonly app: FastifyInstance; readonly database: Database; readonly dataDir: string } {
  let app: FastifyInstance | undefined;
  let database: Database | undefined;
  let dataDir: string | undefined;
  beforeAll(async () => {
    if (options.dataDirPrefix) dataDir = mkdtempSync(join(tmpdir(), options.dataDirPrefix));
    database = await openTestDatabase();
    app = await buildApp({ database, config: readServerConfig({ SESSION_SECRET: 't'.repeat(40), ...env, ...(dataDir ? { DATA_DIR: dataDir } : {}) }) });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    get dataDir() {
      if (!dataDir) throw new Error('useTestApp: pass dataDirPrefix and read .dataDir inside a test');
      return dataDir;
    },
    get app() {
      if (!app) throw new Error('useTestApp: read .app inside a test');
      return app;
    },
    get database() {
      if (!database) throw new Error('useTestApp: read .database inside a test');
      return database;
    },
  };
}
