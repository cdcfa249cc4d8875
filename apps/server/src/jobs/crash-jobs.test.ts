import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrate, openDatabase } from '@nj/db';
import { enqueue } from '@nj/core/jobs/enqueue';
import { jobsRepository } from '@nj/core/jobs/jobs-repository';
import { EMAIL_JOB } from '@nj/core/messaging/send-email';

/**
 * Issue 8 §6 "A crash test: kill -9 of the server while jobs are queued; after restart every job runs exactly once in
 * effect". 650 e-mail jobs (the dev outbox is their effect: one row per job) are put in the queue of a PGlite data
 * folder (a copy of the test template): 600 due now, 50 due in 10 minutes (certainly queued at the kill; made due
 * while the server is down, as if that time had passed), 4 of them left
 * "running" by an earlier process that died mid-job (a claim with a 10-minute lease). A real server process
 * (routes/listings/testing/serve-api.ts: the API and the job worker as main.ts runs them) starts; as soon as the
 * outbox shows deliveries it is killed with SIGKILL (usually in the middle of the 600). After a restart every job is
 * done and each e-mail is in the outbox exactly once.
 *
 * Then the same over SMTP, killed in the middle of sending: 200 e-mails to a local SMTP server that takes 40 ms per
 * message. After the restart every job is done and the SMTP server has every Message-ID; a message the killed
 * process was sending may arrive twice (SMTP has no transaction with our database), with the same Message-ID, so a
 * receiver that dedupes on it sees each once.
 */

const ROOT = resolve(import.meta.dirname, '../../../..');
const ENTRY = join(import.meta.dirname, '../routes/listings/testing/serve-api.ts');
const RECIPIENTS = 13;
const PER_RECIPIENT = 50;
const TOTAL = RECIPIENTS * PER_RECIPIENT;
let dataDir: string;
let port: number;
let server: ChildProcess | undefined;

async function freePort(): Promise<number> {
  const s = createServer();
  s.listen(0, '127.0.0.1');
  await once(s, 'listening');
  const p = (s.address() as { port: number }).port;
  s.close();
  return p;
}

/** Starts the server (settings in `extra` win) and resolves when it listens (its 'LISTO' line). */
async function start(extra: NodeJS.ProcessEnv = {}): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SKIP_DEMO_IMPORT: '1', DEV_OUTBOX: '1',
    SESSION_SECRET: 'j'.repeat(40), NODE_ENV: 'development', SMTP_URL: '', S3_BUCKET: '', ...extra,
  };
  delete env.DATABASE_URL; // its own PGlite, as `npm start` runs by default
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  output.set(child, () => out);
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`server did not start: ${out}`)), 120_000);
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('LISTO')) { clearTimeout(timer); ready(); }
    });
    child.stderr!.on('data', (c: Buffer) => { out += c.toString(); });
    child.once('exit', (code) => { clearTimeout(timer); fail(new Error(`server exited (${code}): ${out}`)); });
  });
  return child;
}

/** What each started server printed so far. */
const output = new WeakMap<ChildProcess, () => string>();

/** Sends `signal` and waits for the exit; after SIGTERM the server must have stopped cleanly (exit code 0). */
async function stop(child: ChildProcess | undefined, signal: NodeJS.Signals): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill(signal);
  const [code] = await exited;
  if (signal === 'SIGTERM') expect(code, output.get(child)?.() ?? '').toBe(0);
}

const recipient = (i: number) => `crash-job-${i % RECIPIENTS}@example.com`;

/** E-mails of one recipient in the dev outbox, as e2e stories read them. */
async function delivered(to: string): Promise<{ subject: string }[]> {
  const res = await fetch(`http://127.0.0.1:${port}/api/dev/outbox?to=${encodeURIComponent(to)}&limit=200`);
  return ((await res.json()) as { data: { subject: string }[] }).data;
}

async function deliveredCount(): Promise<number> {
  let n = 0;
  for (let r = 0; r < RECIPIENTS; r++) n += (await delivered(recipient(r))).length;
  return n;
}

/** Jobs of the test by state, read from the data folder while no server runs. */
async function jobStates(): Promise<Record<string, number>> {
  const database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
  try {
    const r = await sql<{ state: string; n: number }>`SELECT state, count(*)::int AS n FROM jobs WHERE name = ${EMAIL_JOB} GROUP BY state`.execute(database.db);
    return Object.fromEntries(r.rows.map((row) => [row.state, row.n]));
  } finally {
    await database.close();
  }
}

/** Time passes while the server is down: the jobs due in 10 minutes become due now. */
async function makeQueuedJobsDue(): Promise<void> {
  const database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
  try {
    await sql`UPDATE jobs SET run_at = now() WHERE state = 'queued'`.execute(database.db);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'nj-crash-jobs-'));
  port = await freePort();
  const template = JSON.parse(process.env.NJ_TEST_TEMPLATE ?? '{}') as { kind?: string; dir?: string };
  if (template.kind === 'pglite' && template.dir) cpSync(join(template.dir, 'pg'), join(dataDir, 'pglite'), { recursive: true });
  const database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
  try {
    await migrate(database);
    // Due in 10 minutes: certainly still queued when the server is killed (the test then moves them to now).
    const later = new Date(Date.now() + 600_000);
    await database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < TOTAL; i++) {
        await enqueue(trx, EMAIL_JOB, {
          to: recipient(i), subject: `Trabajo ${i}`, text: `Trabajo ${i}`, html: `<p>Trabajo ${i}</p>`, links: [], codes: [],
        }, i % 13 === 12 ? { runAt: later } : {});
      }
    });
    // An earlier process claimed four and died mid-job: their lease (10 min) has not expired.
    const dead = await jobsRepository.claim(database.db, { names: [EMAIL_JOB], limit: 4, leaseMs: 600_000, token: 'proceso-muerto' });
    expect(dead).toHaveLength(4);
  } finally {
    await database.close();
  }
}, 180_000);
afterAll(async () => {
  await stop(server, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('background jobs survive kill -9 (issue 8 §6)', () => {
  it('killed while jobs are queued: after a restart every job is done and each e-mail was delivered exactly once', async () => {
    server = await start();
    await vi.waitFor(async () => expect((await delivered(recipient(0))).length).toBeGreaterThan(0), { timeout: 60_000, interval: 10 });
    await stop(server, 'SIGKILL');
    // The queue as the killed process left it.
    const atKill = await jobStates();
    expect((atKill.queued ?? 0) + (atKill.running ?? 0), 'jobs still queued or running at the kill').toBeGreaterThanOrEqual(50);
    await makeQueuedJobsDue();

    server = await start();
    await vi.waitFor(async () => expect(await deliveredCount()).toBeGreaterThanOrEqual(TOTAL), { timeout: 90_000, interval: 100 });
    await stop(server, 'SIGTERM');
    server = undefined;

    const database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
    try {
      const states = await sql<{ state: string; n: number }>`SELECT state, count(*)::int AS n FROM jobs WHERE name = ${EMAIL_JOB}
        GROUP BY state`.execute(database.db);
      expect(states.rows).toEqual([{ state: 'done', n: TOTAL }]);
      const copies = await sql<{ subject: string; n: number }>`SELECT subject, count(*)::int AS n FROM outbox
        WHERE "to" LIKE 'crash-job-%' GROUP BY subject`.execute(database.db);
      expect(copies.rows).toHaveLength(TOTAL);
      expect(copies.rows.filter((r) => r.n !== 1)).toEqual([]);
      console.log(`crash test: at kill -9 ${JSON.stringify(atKill)} of ${TOTAL} e-mail jobs; after the restart all done, each delivered once`);
    } finally {
      await database.close();
    }
  }, 300_000);

  it('killed in the middle of sending over SMTP: after a restart every e-mail reached the server, repeats only with the same Message-ID', async () => {
    const SMTP_TOTAL = 200;
    const received: { to: string; messageId: string }[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          received.push({ to: session.envelope.rcptTo[0]!.address, messageId: /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? '' });
          setTimeout(callback, 40); // a provider that takes 40 ms per message
        });
      },
    });
    await new Promise<void>((listening) => smtp.listen(0, '127.0.0.1', () => listening()));
    const smtpEnv = { SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}?ignoreTLS=true` };
    try {
      const database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
      try {
        await database.db.transaction().execute(async (trx) => {
          for (let i = 0; i < SMTP_TOTAL; i++) {
            await enqueue(trx, EMAIL_JOB, { to: `smtp-job-${i}@example.com`, subject: `SMTP ${i}`, text: 't', html: '<p>t</p>', links: [], codes: [] });
          }
        });
      } finally {
        await database.close();
      }
      server = await start(smtpEnv);
      await vi.waitFor(() => expect(received.length).toBeGreaterThanOrEqual(20), { timeout: 60_000, interval: 5 });
      await stop(server, 'SIGKILL');
      const atKill = await jobStates();
      expect((atKill.queued ?? 0) + (atKill.running ?? 0), 'e-mails not yet sent at the kill').toBeGreaterThan(0);
      const runningAtKill = atKill.running ?? 0;
      // The dead process sends nothing more; after the restart each job still queued or running is sent once more.
      const sentBeforeRestart = received.length;
      const toSend = (atKill.queued ?? 0) + runningAtKill;

      server = await start(smtpEnv);
      await vi.waitFor(() => expect(received.length - sentBeforeRestart).toBe(toSend), { timeout: 90_000, interval: 50 });
      const ids = () => new Set(received.filter((r) => r.to.startsWith('smtp-job-')).map((r) => r.messageId));
      await stop(server, 'SIGTERM');
      server = undefined;

      expect(await jobStates()).toEqual({ done: TOTAL + SMTP_TOTAL });
      const mine = received.filter((r) => r.to.startsWith('smtp-job-'));
      expect(ids().size).toBe(SMTP_TOTAL);
      expect([...ids()].every((id) => /^<job-\d+@/.test(id))).toBe(true);
      expect(mine.length - SMTP_TOTAL, 'repeats: only messages being sent when the process died').toBeLessThanOrEqual(runningAtKill);
      console.log(`crash test (SMTP): at kill -9 ${JSON.stringify(atKill)}; ${mine.length} messages for ${SMTP_TOTAL} jobs after the restart, ${ids().size} distinct Message-IDs`);
    } finally {
      await new Promise<void>((closed) => smtp.close(() => closed()));
    }
  }, 300_000);
});
