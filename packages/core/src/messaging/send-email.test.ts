import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type Database } from '@nj/db';
import { closeMailTransports, EMAIL_JOB, emailJob, sendEmail } from './send-email.ts';
import { jobsRepository } from '../jobs/jobs-repository.ts';
import { runDueJobs } from '../jobs/job-worker.ts';
import { sendTextMessage } from './send-text-message.ts';
import { listOutbox } from './list-outbox.ts';
import { renderEmail } from './render-email.ts';
import { startSmtpSink, type SinkMessage } from './testing/smtp-sink.ts';

let database: Database;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let port: number;
let received: SinkMessage[];

beforeAll(async () => {
  database = await openTestDatabase();
  sink = await startSmtpSink({ rejects: (address) => address.endsWith('@rechaza.test') });
  ({ port, received } = sink);
});
afterAll(async () => {
  closeMailTransports();
  await sink.close();
  await database?.close();
});

const body = renderEmail({ title: 'Hola <tú>', paragraphs: ['Línea 1'], code: 'AB12CD', button: { label: 'Abrir', url: 'https://nj.example.mx/x?a=1&b=2' } });

describe('sendEmail', () => {
  it('sends through a real SMTP server when smtpUrl is set (nothing kept in the outbox)', async () => {
    const smtpUrl = `smtp://127.0.0.1:${port}?ignoreTLS=true`;
    const where = await sendEmail({ database, smtpUrl, isProduction: true, from: 'NJ Inmuebles <hola@nj.test>' }, {
      to: 'smtp@cliente.test', subject: 'Prueba ñ', ...body, codes: ['AB12CD'],
    });
    expect(where).toBe('smtp');
    const got = received.find((r) => r.to.includes('smtp@cliente.test'))!;
    expect(got.from).toBe('hola@nj.test');
    expect(got.raw).toContain('multipart/alternative');
    expect(got.raw).toMatch(/text\/html/);
    expect(await listOutbox({ database, to: 'smtp@cliente.test' })).toEqual([]);
  });

  it('when the SMTP server refuses, answers queued and leaves the job to retry with backoff (the request succeeds)', async () => {
    const smtpUrl = `smtp://127.0.0.1:${port}?ignoreTLS=true`;
    const before = Date.now();
    expect(await sendEmail({ database, smtpUrl, isProduction: false }, { to: 'x@rechaza.test', subject: 's', ...body })).toBe('queued');
    const [job] = await jobsRepository.list(database.db, { name: EMAIL_JOB, limit: 1 });
    expect(job).toMatchObject({ state: 'queued', attempts: 1, payload: { to: 'x@rechaza.test' } });
    expect(job!.last_error).toMatch(/SMTP: .*mailbox unavailable/);
    const delay = new Date(job!.run_at).getTime() - before;
    expect(delay).toBeGreaterThanOrEqual(29_000);
    expect(delay).toBeLessThan(35_000);
  });

  it('in the caller\'s transaction: nothing when it rolls back; once committed, a worker delivers it exactly once', async () => {
    const config = { database, isProduction: false };
    await expect(database.db.transaction().execute(async (trx) => {
      expect(await sendEmail(config, { to: 'trx@cliente.test', subject: 'Revertido', ...body }, { db: trx })).toBe('queued');
      throw new Error('rollback');
    })).rejects.toThrow('rollback');
    await database.db.transaction().execute(async (trx) => {
      await sendEmail(config, { to: 'trx@cliente.test', subject: 'Confirmado', ...body }, { db: trx });
    });
    expect(await listOutbox({ database, to: 'trx@cliente.test' })).toEqual([]);
    expect(await runDueJobs(database, { [EMAIL_JOB]: emailJob(config) }, [EMAIL_JOB])).toBe(1);
    expect(await runDueJobs(database, { [EMAIL_JOB]: emailJob(config) }, [EMAIL_JOB])).toBe(0);
    expect((await listOutbox({ database, to: 'trx@cliente.test' })).map((r) => r.subject)).toEqual(['Confirmado']);
  });

  it('keeps the e-mail in the outbox without SMTP outside production, and refuses in production', async () => {
    expect(await sendEmail({ database, isProduction: false }, { to: 'Caja@Cliente.test', subject: 'Uno', ...body, links: ['https://nj.example.mx/x?a=1&b=2'], codes: ['AB12CD'] })).toBe('outbox');
    await sendEmail({ database, isProduction: false }, { to: 'caja@cliente.test', subject: 'Dos', ...body });
    const rows = await listOutbox({ database, to: 'caja@cliente.test' });
    expect(rows.map((r) => r.subject)).toEqual(['Dos', 'Uno']);
    expect(rows[1]).toMatchObject({ channel: 'email', links: ['https://nj.example.mx/x?a=1&b=2'], codes: ['AB12CD'] });
    expect(rows[1]!.html).toContain('Hola &lt;tú&gt;');
    expect(rows[1]!.html).toContain('href="https://nj.example.mx/x?a=1&amp;b=2"');
    expect(rows[1]!.text).toContain('Abrir: https://nj.example.mx/x?a=1&b=2');
    expect(rows[1]!.text).toContain('NJ Inmuebles');
    await expect(sendEmail({ database, isProduction: true }, { to: 'p@cliente.test', subject: 's', ...body }))
      .rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });
});

describe('sendTextMessage', () => {
  it('keeps SMS and WhatsApp messages in the sandbox outbox, not in production', async () => {
    await sendTextMessage({ database, isProduction: false }, { channel: 'whatsapp', to: '+525512345678', text: 'Tu código es 123456', codes: ['123456'] });
    const [row] = await listOutbox({ database, to: '+525512345678' });
    expect(row).toMatchObject({ channel: 'whatsapp', subject: null, codes: ['123456'], text: 'Tu código es 123456' });
    await expect(sendTextMessage({ database, isProduction: true }, { channel: 'sms', to: '+525500000000', text: 'x' })).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });
});
