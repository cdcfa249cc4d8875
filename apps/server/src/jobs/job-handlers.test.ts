import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type Database } from '@nj/db';
import { recordPendingKeys } from '@nj/core/media/pending-media';
import { createLocalMediaStorage } from '@nj/core/media/storage/local-media-storage';
import type { JobContext } from '@nj/core/jobs/job-worker';
import { createTextProvider, type MediaStorage } from '@nj/core';
import { JOB_SCHEDULES, jobHandlers, SWEEP_PENDING_MEDIA_JOB, type JobDeps } from './job-handlers.ts';

let database: Database;
let dir: string;
beforeAll(async () => {
  database = await openTestDatabase();
  dir = mkdtempSync(join(tmpdir(), 'nj-job-handlers-'));
});
afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

function jobDeps(storage: MediaStorage): JobDeps {
  const messaging = { database, smtpUrl: undefined, isProduction: false, from: undefined };
  return {
    database, messaging, storage, textProvider: createTextProvider({ provider: 'sandbox' }, messaging),
    config: { publicUrl: 'http://localhost:3000', sessionSecret: 'secreto-de-prueba' },
  };
}

describe('job handlers and schedules (issue 8 §4)', () => {
  it('every schedule names a job this product handles', () => {
    const handlers = jobHandlers(jobDeps(createLocalMediaStorage({ root: dir })));
    expect(JOB_SCHEDULES.filter((s) => !handlers[s.name]).map((s) => s.name)).toEqual([]);
  });

  it('the scheduled media sweep removes the files of an upload interrupted over 30 minutes ago, and keeps a recent one', async () => {
    const storage = createLocalMediaStorage({ root: dir });
    const handlers = jobHandlers(jobDeps(storage));
    await storage.put('properties/p_viejo/a.webp', Buffer.from('x'), { contentType: 'image/webp' });
    await storage.put('properties/p_nuevo/a.webp', Buffer.from('x'), { contentType: 'image/webp' });
    await recordPendingKeys(database.db, ['properties/p_viejo/a.webp']);
    await sql`UPDATE media_pending SET created_at = now() - interval '31 minutes'`.execute(database.db);
    await recordPendingKeys(database.db, ['properties/p_nuevo/a.webp']);
    await handlers[SWEEP_PENDING_MEDIA_JOB]!.handler({}, {} as JobContext);
    expect(existsSync(join(dir, 'properties', 'p_viejo', 'a.webp'))).toBe(false);
    expect(existsSync(join(dir, 'properties', 'p_nuevo', 'a.webp'))).toBe(true);
  });
});
