import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '@nj/db';
import { enqueue } from '@nj/core/jobs/enqueue';
import { jobsRepository } from '@nj/core/jobs/jobs-repository';
import { TEXT_JOB } from '@nj/core/messaging/send-text-message';
import { createScratchDatabase, postgresAnswers } from '@nj/db/testing/postgres-server';

/**
 * `npm run worker` (apps/server/src/worker.ts, issue 8 §4): against a fresh PostgreSQL database (postgres://postgres@
 * 127.0.0.1:5432 or PG_TEST_URL; skipped when none answers) it migrates, runs a job another process enqueues, and
 * exits 0 on SIGTERM. Without DATABASE_URL it refuses with exit code 1.
 */

const ROOT = resolve(import.meta.dirname, '../../../..');
const ENTRY = join(import.meta.dirname, '../worker.ts');
const created: (() => Promise<void>)[] = [];
let child: ChildProcess | undefined;

function spawnWorker(env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string } {
  const proc = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
    cwd: ROOT, env: { ...process.env, SESSION_SECRET: 'w'.repeat(40), NODE_ENV: 'development', SMTP_URL: '', S3_BUCKET: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (c: Buffer) => { out += c.toString(); });
  proc.stderr!.on('data', (c: Buffer) => { out += c.toString(); });
  return { child: proc, output: () => out };
}

const hasPostgres = await postgresAnswers();

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const drop of created) await drop();
});

describe('npm run worker', () => {
  it('refuses to run without DATABASE_URL (PGlite jobs run inside npm start)', async () => {
    const w = spawnWorker({ DATABASE_URL: '' });
    const [code] = await once(w.child, 'exit');
    expect(code).toBe(1);
    expect(w.output()).toContain('npm run worker necesita DATABASE_URL');
  });

  it.skipIf(!hasPostgres)('migrates, runs a job enqueued by another process, and stops cleanly on SIGTERM', async () => {
    const { url, drop } = await createScratchDatabase('nj_jobs_test_worker');
    created.push(drop);
    const w = spawnWorker({ DATABASE_URL: url });
    child = w.child;
    await vi.waitFor(() => expect(w.output()).toContain('listo'), { timeout: 120_000, interval: 50 });
    const database: Database = await openDatabase({ url, poolSize: 2 });
    try {
      const id = (await database.db.transaction().execute((trx) =>
        enqueue(trx, TEXT_JOB, { channel: 'sms', to: '+525500000001', text: 'Tu código es 123456', codes: ['123456'] })))!;
      await vi.waitFor(async () => {
        const [job] = await jobsRepository.list(database.db, { name: TEXT_JOB });
        expect(job).toMatchObject({ id, state: 'done', attempts: 1 });
      }, { timeout: 20_000, interval: 20 });
      const kept = await database.db.selectFrom('outbox').select(['to', 'codes']).where('to', '=', '+525500000001').execute();
      expect(kept).toHaveLength(1);
    } finally {
      await database.close();
    }
    const exited = once(w.child, 'exit');
    w.child.kill('SIGTERM');
    const [code] = await exited;
    expect(code, w.output()).toBe(0);
  }, 180_000);
});
