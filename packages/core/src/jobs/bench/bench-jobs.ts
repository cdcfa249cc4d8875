import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate, openDatabase, type Database } from '@nj/db';
import { enqueue } from '../enqueue.ts';
import { jobsRepository } from '../jobs-repository.ts';

/**
 * Measures the job queue's cost per job (docs/decisions/005-job-queue.md): enqueue in its own transaction, enqueue
 * inside a caller's transaction (100 per transaction), and claim + complete (what a worker does per job), on a
 * fresh in-memory PGlite and, when `PG_BENCH_URL` (an admin URL) is set, on a fresh PostgreSQL database (created
 * and dropped). Prints milliseconds per job, medians of 3 rounds of N jobs. Run: node --import tsx
 * packages/core/src/jobs/bench/bench-jobs.ts
 */
const N = Number(process.env.BENCH_JOBS ?? 500);

async function measure(database: Database, label: string): Promise<void> {
  const rows: Record<string, number[]> = { 'enqueue (own transaction)': [], 'enqueue (100 per caller transaction)': [], 'claim + complete': [] };
  for (let round = 0; round < 3; round++) {
    let t = performance.now();
    for (let i = 0; i < N; i++) await database.db.transaction().execute((trx) => enqueue(trx, 'bench', { i }, { wake: false }));
    rows['enqueue (own transaction)']!.push((performance.now() - t) / N);
    t = performance.now();
    for (let i = 0; i < N; i += 100) {
      await database.db.transaction().execute(async (trx) => {
        for (let j = i; j < Math.min(N, i + 100); j++) await enqueue(trx, 'bench', { j }, { wake: false });
      });
    }
    rows['enqueue (100 per caller transaction)']!.push((performance.now() - t) / N);
    t = performance.now();
    let n = 0;
    for (;;) {
      const [job] = await jobsRepository.claim(database.db, { names: ['bench'], limit: 1, leaseMs: 60_000, token: 'bench' });
      if (!job) break;
      await jobsRepository.complete(database.db, job.id, 'bench');
      n++;
    }
    rows['claim + complete']!.push((performance.now() - t) / n);
  }
  for (const [what, values] of Object.entries(rows)) {
    const median = values.sort((a, b) => a - b)[1]!;
    console.log(`${label.padEnd(11)} ${what.padEnd(38)} ${median.toFixed(2)} ms/job`);
  }
}

async function main(): Promise<void> {
  const lite = await openDatabase({});
  await migrate(lite);
  await measure(lite, 'PGlite');
  await lite.close();
  const admin = process.env.PG_BENCH_URL;
  if (!admin) return;
  const name = `nj_jobs_bench_${randomBytes(4).toString('hex')}`;
  const run = async (q: string) => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(q);
    await c.end();
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 4 });
  try {
    await migrate(database);
    await measure(database, 'PostgreSQL');
  } finally {
    await database.close();
    await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
