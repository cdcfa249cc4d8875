import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrate, openDatabase, openTestDatabase, type Database } from '@nj/db';
import { enqueue } from './enqueue.ts';
import { createJobWorker, runDueJobs, type JobHandlers, type JobWorker } from './job-worker.ts';
import { jobsRepository } from './jobs-repository.ts';
import { retryDelayMs } from './retry-delay.ts';
import { nextCronTime } from './schedules.ts';
import { createScratchDatabase, postgresAnswers } from '@nj/db/testing/postgres-server';

/**
 * Issue 8 §4: the queue's semantics on the embedded PGlite (a copy of the test template) and on a fresh PostgreSQL
 * database (postgres://postgres@127.0.0.1:5432, or PG_TEST_URL; skipped when no server answers): outbox
 * (rolled-back enqueue runs nothing), dedupe keys, retry with backoff and max attempts, lease expiry after a dead
 * worker, exactly-once effects through completeWith, cron schedules with two workers, and many jobs over workers.
 */

/** A fresh migrated PostgreSQL database nj_jobs_test_*, dropped by the returned close. */
async function freshPostgres(): Promise<{ database: Database; url: string }> {
  const { url, drop } = await createScratchDatabase('nj_jobs_test');
  const database = await openDatabase({ url, poolSize: 6 });
  await migrate(database);
  const close = database.close;
  database.close = async () => {
    await close();
    await drop();
  };
  return { database, url };
}

const hasPostgres = await postgresAnswers();

const targets: { kind: string; skip: boolean; open: () => Promise<{ database: Database; url?: string }> }[] = [
  // The test template: PGlite, or PostgreSQL when the whole run has DATABASE_URL (CI's second pass).
  { kind: process.env.DATABASE_URL ? 'the PostgreSQL test template' : 'PGlite', skip: false, open: async () => ({ database: await openTestDatabase() }) },
  { kind: 'a fresh PostgreSQL database', skip: !hasPostgres, open: freshPostgres },
];

for (const target of targets) {
  describe.skipIf(target.skip)(`job queue on ${target.kind}`, () => {
    let database: Database;
    let url: string | undefined;
    const workers: JobWorker[] = [];

    /** Effects of test jobs: one row per (job, run); a handler records a run here. */
    const effects = async (prefix: string) =>
      (await sql<{ tag: string; n: number }>`SELECT tag, count(*)::int AS n FROM job_test_effects WHERE tag LIKE ${`${prefix}%`} GROUP BY tag ORDER BY tag`.execute(database.db)).rows;

    const worker = (handlers: JobHandlers, extra: Partial<Parameters<typeof createJobWorker>[0]> = {}) => {
      const w = createJobWorker({ database, handlers, pollMs: 100, log: () => undefined, ...extra });
      workers.push(w);
      return w;
    };

    beforeAll(async () => {
      ({ database, url } = await target.open());
      await sql`CREATE TABLE job_test_effects (id serial PRIMARY KEY, tag text NOT NULL)`.execute(database.db);
    });
    afterAll(async () => {
      for (const w of workers) await w.stop(1000);
      await database?.close();
    });

    it('a job enqueued in a transaction that rolls back never runs; a committed one runs once', async () => {
      const ran: string[] = [];
      await expect(database.db.transaction().execute(async (trx) => {
        await enqueue(trx, 'outbox.test', { tag: 'revertido' });
        throw new Error('rollback');
      })).rejects.toThrow('rollback');
      await database.db.transaction().execute(async (trx) => {
        await sql`INSERT INTO job_test_effects (tag) VALUES ('outbox-cambio')`.execute(trx);
        await enqueue(trx, 'outbox.test', { tag: 'confirmado' });
      });
      const handlers: JobHandlers = { 'outbox.test': { handler: async (p: { tag: string }) => void ran.push(p.tag) } };
      expect(await runDueJobs(database, handlers, ['outbox.test'])).toBe(1);
      expect(ran).toEqual(['confirmado']);
      expect((await jobsRepository.list(database.db, { name: 'outbox.test' })).map((j) => j.state)).toEqual(['done']);
    });

    it('a key dedupes: the same name and key enqueue one job', async () => {
      const first = await enqueue(database.db, 'dedupe.test', { n: 1 }, { key: 'k-1' });
      const second = await enqueue(database.db, 'dedupe.test', { n: 2 }, { key: 'k-1' });
      expect(first).toBeTypeOf('number');
      expect(second).toBeNull();
      expect(await enqueue(database.db, 'dedupe.test', { n: 3 }, { key: 'k-2' })).toBeTypeOf('number');
    });

    it('retries a failing job with exponential backoff, records the error, and fails it after max attempts', async () => {
      let calls = 0;
      const flaky = await enqueue(database.db, 'retry.flaky', { tag: 'flaky' });
      const doomed = await enqueue(database.db, 'retry.doomed', {}, { maxAttempts: 3 });
      const w = worker({
        'retry.flaky': {
          retryBaseMs: 100,
          handler: async () => {
            calls++;
            if (calls < 3) throw new Error(`fallo ${calls}`);
          },
        },
        'retry.doomed': { retryBaseMs: 50, handler: async () => { throw new Error('siempre falla'); } },
      });
      await w.start();
      await vi.waitFor(async () => {
        const rows = await jobsRepository.list(database.db, {});
        const f = rows.find((r) => r.id === flaky)!;
        const d = rows.find((r) => r.id === doomed)!;
        expect(f).toMatchObject({ state: 'done', attempts: 3, last_error: 'fallo 2' });
        expect(d).toMatchObject({ state: 'failed', attempts: 3, last_error: 'siempre falla' });
        expect(d.done_at).not.toBeNull();
      }, { timeout: 15_000, interval: 50 });
      await w.stop();
      expect(retryDelayMs(1, 30_000, 3_600_000, () => 0)).toBe(30_000);
      expect(retryDelayMs(4, 30_000, 3_600_000, () => 0)).toBe(240_000);
      expect(retryDelayMs(20, 30_000, 3_600_000, () => 1)).toBe(3_960_000);
    });

    it('a job claimed by a worker that died is run again once its lease expires, and the dead claim cannot complete it', async () => {
      const id = (await enqueue(database.db, 'lease.test', { tag: 'lease-1' }))!;
      // A worker claims it with a 300 ms lease and dies (never completes). The lease runs from the claim's now().
      const started = Date.now();
      const [claimed] = await jobsRepository.claim(database.db, { names: ['lease.test'], limit: 1, leaseMs: 300, token: 'muerto' });
      expect(claimed!.id).toBe(id);
      const w = worker({
        'lease.test': {
          handler: async (p: { tag: string }, ctx) => {
            await ctx.completeWith(async (trx) => { await sql`INSERT INTO job_test_effects (tag) VALUES (${p.tag})`.execute(trx); });
          },
        },
      });
      await w.start();
      await vi.waitFor(async () => expect(await effects('lease-')).toEqual([{ tag: 'lease-1', n: 1 }]), { timeout: 10_000, interval: 50 });
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      const [row] = await jobsRepository.list(database.db, { name: 'lease.test' });
      expect(row).toMatchObject({ state: 'done', attempts: 2 });
      expect(await jobsRepository.complete(database.db, id, 'muerto')).toBe(false);
      await w.stop();
    });

    it('completeWith rolls back the effect when the lease was lost meanwhile (exactly once in effect)', async () => {
      const id = (await enqueue(database.db, 'lost.test', { tag: 'lost-1' }))!;
      const token = 'lento';
      const [job] = await jobsRepository.claim(database.db, { names: ['lost.test'], limit: 1, leaseMs: 60_000, token });
      // Another worker took it over (as after an expired lease) and completed it.
      await sql`UPDATE jobs SET locked_by = 'otro' WHERE id = ${id}`.execute(database.db);
      const { runClaimedJob } = await import('./job-worker.ts');
      const outcome = await runClaimedJob(database, job!, {
        handler: async (p: { tag: string }, ctx) => {
          await ctx.completeWith(async (trx) => { await sql`INSERT INTO job_test_effects (tag) VALUES (${p.tag})`.execute(trx); });
        },
      }, token, () => undefined);
      expect(outcome).toBe('lost');
      expect(await effects('lost-')).toEqual([]);
    });

    it('cron: two workers enqueue each due slot once, keyed by the slot', async () => {
      expect(nextCronTime('0 3 * * *', new Date('2026-01-01T12:00:00Z')).toISOString()).toBe('2026-01-02T09:00:00.000Z');
      const handlers: JobHandlers = {
        'cron.test': {
          handler: async (p: { slot: string }, ctx) => {
            await ctx.completeWith(async (trx) => { await sql`INSERT INTO job_test_effects (tag) VALUES (${`cron-${p.slot}`})`.execute(trx); });
          },
        },
      };
      const schedules = [{ name: 'cron.test', cron: '* * * * * *' }]; // every second
      const a = worker(handlers, { schedules, pollMs: 50 });
      const b = worker(handlers, { schedules, pollMs: 50 });
      await a.start();
      await b.start();
      await vi.waitFor(async () => expect((await effects('cron-')).length).toBeGreaterThanOrEqual(3), { timeout: 15_000, interval: 100 });
      await a.stop();
      await b.stop();
      const runs = await effects('cron-');
      expect(runs.every((r) => r.n === 1)).toBe(true);
      const jobs = await jobsRepository.list(database.db, { name: 'cron.test', limit: 1000 });
      expect(new Set(jobs.map((j) => j.key)).size).toBe(jobs.length);
      // Each slot's job is keyed by its slot; a done job's payload is emptied (it may carry secrets).
      const done = jobs.filter((j) => j.state === 'done');
      expect(done.every((j) => JSON.stringify(j.payload) === '{}')).toBe(true);
      expect(done.map((j) => `cron-${j.key!.slice('cron.test@'.length)}`).sort()).toEqual(runs.map((r) => r.tag).sort());
      const pending = jobs.filter((j) => j.state !== 'done');
      expect(pending.every((j) => j.key === `cron.test@${(j.payload as { slot: string }).slot}`)).toBe(true);
    });

    it('an idle worker only reads: its polls write nothing (the PGlite search index skips its change query meanwhile)', async () => {
      const seen: string[] = [];
      const watched = { ...database, db: database.db.withPlugin({
        transformQuery: (args) => {
          const node = args.node as { kind: string; sqlFragments?: readonly string[] };
          seen.push(node.kind === 'RawNode' ? node.sqlFragments!.join('?') : node.kind);
          return args.node;
        },
        transformResult: async (args) => args.result,
      }) };
      const w = createJobWorker({ database: watched, handlers: { 'idle.test': { handler: async () => undefined } }, schedules: [{ name: 'idle.test', cron: '0 3 1 1 *' }], pollMs: 20, log: () => undefined });
      workers.push(w);
      await w.start();
      const afterStart = seen.length;
      await vi.waitFor(() => expect(seen.length - afterStart).toBeGreaterThanOrEqual(5), { timeout: 10_000, interval: 20 });
      await w.stop();
      const polls = seen.slice(afterStart);
      expect(polls.every((q) => /^SELECT\b/.test(q.trim()) && !/\bUPDATE\b|\bINSERT\b|\bDELETE\b/.test(q))).toBe(true);
    });

    it('many jobs over several workers: each runs exactly once; an enqueue wakes an idle worker at once', async () => {
      const handlers: JobHandlers = {
        'many.test': {
          handler: async (p: { tag: string }, ctx) => {
            await ctx.completeWith(async (trx) => { await sql`INSERT INTO job_test_effects (tag) VALUES (${p.tag})`.execute(trx); });
          },
        },
      };
      const ws = [0, 1, 2].map(() => worker(handlers, { concurrency: 3, pollMs: 60_000, listenUrl: url }));
      for (const w of ws) await w.start();
      // Idle workers poll once a minute here: only the wake (local, or NOTIFY at commit) can start these jobs.
      await database.db.transaction().execute(async (trx) => {
        for (let i = 0; i < 60; i++) await enqueue(trx, 'many.test', { tag: `many-${String(i).padStart(2, '0')}` });
      });
      await vi.waitFor(async () => expect((await effects('many-')).length).toBe(60), { timeout: 20_000, interval: 50 });
      expect((await effects('many-')).every((r) => r.n === 1)).toBe(true);
      for (const w of ws) await w.stop();
    });
  });
}
