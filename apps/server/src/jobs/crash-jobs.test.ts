import type { ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrate, openDatabase } from '@nj/db';
import { enqueue } from '@nj/core/jobs/enqueue';
import { jobsRepository } from '@nj/core/jobs/jobs-repository';
import { EMAIL_JOB } from '@nj/core/messaging/send-email';
import { TEXT_JOB } from '@nj/core/messaging/send-text-message';
import { startSmtpSink, type SinkMessage } from '@nj/core/messaging/testing/smtp-sink';
import { freePort, startApiProcess, stopProcess } from '../testing/server-process.ts';

/**
 * Issue 8 §6 "A crash test: kill -9 of the server while jobs are queued; after restart every job runs exactly once in
 * effect". The queue of a PGlite data folder (a copy of the test template) gets two kinds of jobs:
 * - 400 SMS jobs of the sandbox (`text.send`), whose effect is a dev outbox row written in the transaction that
 *   completes the job: 360 due now, 40 due in 10 minutes (certainly queued at the kill; made due while the server is
 *   down, as if that time had passed), 4 left "running" by an earlier process that died mid-job (a 10-minute lease);
 * - 200 e-mails (`email.send`) to a local SMTP server that takes 40 ms per message.
 * A real server process (routes/listings/testing/serve-api.ts: the API and the job worker as main.ts runs them)
 * starts and is killed with SIGKILL in the middle of sending (once 20 e-mails arrived). After a restart every job is
 * done, each SMS is in the outbox exactly once, and the SMTP server has every e-mail's Message-ID; an e-mail the
 * killed process was sending may arrive twice (SMTP shares no transaction with our database), with the same
 * Message-ID, so a receiver that dedupes on it sees each once. A SIGTERM stop must exit 0.
 */

const PHONES = 8;
const TEXTS = 400;
const EMAILS = 200;
let dataDir: string;
let port: number;
let server: ChildProcess | undefined;
let received: SinkMessage[] = [];
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let smtpEnv: NodeJS.ProcessEnv;

/** Starts the server with the SMTP settings (settings in `extra` win) and resolves when it listens. */
async function start(extra: NodeJS.ProcessEnv = {}): Promise<ChildProcess> {
  const started = await startApiProcess({ dataDir, port, env: { SESSION_SECRET: 'j'.repeat(40), ...extra } });
  output.set(started.child, started.output);
  return started.child;
}

/** What each started server printed so far. */
const output = new WeakMap<ChildProcess, () => string>();

/** Sends `signal` and waits for the exit; after SIGTERM the server must have stopped cleanly (exit code 0). */
async function stop(child: ChildProcess | undefined, signal: NodeJS.Signals): Promise<void> {
  const code = await stopProcess(child, signal);
  if (child && signal === 'SIGTERM') expect(code, output.get(child)?.() ?? '').toBe(0);
}

const phone = (i: number) => `+5255100000${String(i % PHONES).padStart(2, '0')}`;

/** SMS kept in the dev outbox, over all test numbers, as e2e stories read them. */
async function textsDelivered(): Promise<number> {
  let n = 0;
  for (let k = 0; k < PHONES; k++) {
    const res = await fetch(`http://127.0.0.1:${port}/api/dev/outbox?to=${encodeURIComponent(phone(k))}&limit=200`);
    n += ((await res.json()) as { data: unknown[] }).data.length;
  }
  return n;
}

/** The test's jobs by name and state, read from the data folder while no server runs. */
async function jobStates(): Promise<Record<string, Record<string, number>>> {
  const database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
  try {
    const r = await sql<{ name: string; state: string; n: number }>`SELECT name, state, count(*)::int AS n FROM jobs
      WHERE name IN (${EMAIL_JOB}, ${TEXT_JOB}) GROUP BY name, state`.execute(database.db);
    const states: Record<string, Record<string, number>> = { [EMAIL_JOB]: {}, [TEXT_JOB]: {} };
    for (const row of r.rows) states[row.name]![row.state] = row.n;
    return states;
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
  smtp = await startSmtpSink({ delayMs: 40 }); // a provider that takes 40 ms per message
  received = smtp.received;
  smtpEnv = { SMTP_URL: smtp.url };
  const template = JSON.parse(process.env.NJ_TEST_TEMPLATE ?? '{}') as { kind?: string; dir?: string };
  if (template.kind === 'pglite' && template.dir) cpSync(join(template.dir, 'pg'), join(dataDir, 'pglite'), { recursive: true });
  const database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
  try {
    await migrate(database);
    // Due in 10 minutes: certainly still queued when the server is killed (the test then moves them to now).
    const later = new Date(Date.now() + 600_000);
    await database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < Math.max(TEXTS, EMAILS); i++) {
        if (i < TEXTS) {
          await enqueue(trx, TEXT_JOB, { channel: 'sms', to: phone(i), text: `Trabajo ${i}`, codes: [] }, i % 10 === 9 ? { runAt: later } : {});
        }
        if (i < EMAILS) {
          await enqueue(trx, EMAIL_JOB, { to: `smtp-job-${i}@example.com`, subject: `SMTP ${i}`, text: 't', html: '<p>t</p>', links: [], codes: [] });
        }
      }
    });
    // An earlier process claimed four SMS and died mid-job: their lease (10 min) has not expired.
    const dead = await jobsRepository.claim(database.db, { names: [TEXT_JOB], limit: 4, leaseMs: 600_000, token: 'proceso-muerto' });
    expect(dead).toHaveLength(4);
  } finally {
    await database.close();
  }
}, 180_000);
afterAll(async () => {
  await stop(server, 'SIGKILL');
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('background jobs survive kill -9 (issue 8 §6)', () => {
  it('killed while jobs are queued and e-mails in flight: after a restart every job ran once in effect', async () => {
    server = await start(smtpEnv);
    await vi.waitFor(() => expect(received.length).toBeGreaterThanOrEqual(20), { timeout: 60_000, interval: 5 });
    await stop(server, 'SIGKILL');
    const atKill = await jobStates();
    const texts = atKill[TEXT_JOB]!;
    const emails = atKill[EMAIL_JOB]!;
    expect((texts.queued ?? 0) + (texts.running ?? 0), 'SMS still queued or running at the kill').toBeGreaterThanOrEqual(40);
    expect((emails.queued ?? 0) + (emails.running ?? 0), 'e-mails not yet sent at the kill').toBeGreaterThan(0);
    await makeQueuedJobsDue();
    // The dead process sends nothing more; after the restart each e-mail job still queued or running is sent once more.
    const sentBeforeRestart = received.length;
    const emailsToSend = (emails.queued ?? 0) + (emails.running ?? 0);

    server = await start(smtpEnv);
    await vi.waitFor(async () => {
      expect(received.length - sentBeforeRestart).toBe(emailsToSend);
      expect(await textsDelivered()).toBeGreaterThanOrEqual(TEXTS);
    }, { timeout: 120_000, interval: 100 });
    await stop(server, 'SIGTERM');
    server = undefined;

    expect(await jobStates()).toEqual({ [EMAIL_JOB]: { done: EMAILS }, [TEXT_JOB]: { done: TEXTS } });
    const database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
    try {
      const copies = await sql<{ text: string; n: number }>`SELECT text, count(*)::int AS n FROM outbox
        WHERE "to" LIKE '+5255100000%' GROUP BY text`.execute(database.db);
      expect(copies.rows).toHaveLength(TEXTS);
      expect(copies.rows.filter((r) => r.n !== 1)).toEqual([]);
    } finally {
      await database.close();
    }
    const ids = new Set(received.map((r) => r.messageId));
    expect(ids.size).toBe(EMAILS);
    expect([...ids].every((id) => /^<job-\d+@/.test(id))).toBe(true);
    expect(received.length - EMAILS, 'repeats: only e-mails being sent when the process died').toBeLessThanOrEqual(emails.running ?? 0);
    console.log(`crash test: at kill -9 ${JSON.stringify(atKill)}; after the restart all done: ${TEXTS} SMS in the outbox once each, ${received.length} e-mails for ${EMAILS} jobs with ${ids.size} distinct Message-IDs`);
  }, 300_000);
});
