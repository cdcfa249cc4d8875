import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openTestDatabase, type Database } from '@nj/db';
import { buildApp } from '../app.ts';
import { readServerConfig } from '../config.ts';

/**
 * For API test files: a private copy of the seeded test database and the app built on it (no pages), opened before
 * the file's tests and closed after them. `env` holds settings as environment variables (SESSION_SECRET defaults
 * to a fixed test value). Read `.app` and `.database` inside tests (they exist once beforeAll ran).
 */
export function useTestApp(env: Record<string, string> = {}): { readonly app: FastifyInstance; readonly database: Database } {
  let app: FastifyInstance | undefined;
  let database: Database | undefined;
  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildApp({ database, config: readServerConfig({ SESSION_SECRET: 't'.repeat(40), ...env }) });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });
  return {
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
