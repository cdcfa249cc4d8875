import nodemailer, { type Transporter } from 'nodemailer';
import { ACCOUNT_MESSAGES, PRODUCT_NAME } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import { enqueue } from '../jobs/enqueue.ts';
import { runJobNow, type JobContext, type JobDefinition } from '../jobs/job-worker.ts';
import type { JobExecutor } from '../jobs/jobs-repository.ts';
import type { EmailMessage, MessagingConfig } from './messaging-config.ts';
import { outboxRepository } from './outbox-repository.ts';

/** Job name of one e-mail (payload: EmailMessage). */
export const EMAIL_JOB = 'email.send';

const transports = new Map<string, Transporter>();

function transportFor(smtpUrl: string): Transporter {
  let t = transports.get(smtpUrl);
  if (!t) {
    t = nodemailer.createTransport(withTimeouts(smtpUrl));
    transports.set(smtpUrl, t);
  }
  return t;
}

/**
 * Sends one e-mail (spec 02: PIN, password reset, verification links, lead and login alerts) through the job queue
 * (issue 8 §4; docs/decisions/005-job-queue.md). The e-mail becomes an `email.send` job:
 * - with `options.db` (the caller's transaction) it is only enqueued, committed with the caller's change, and
 *   delivered by a worker right after the commit (transactional outbox);
 * - otherwise it is enqueued and its first attempt made here at once, so the dev outbox shows it when this
 *   returns. An attempt that fails (SMTP refuses or is down) no longer fails the request: the job is retried with
 *   backoff (30 s, 1 min, 2 min, … 8 attempts) and the error is kept in `jobs.last_error`.
 * Delivery: with `smtpUrl` through nodemailer over SMTP; without it, outside production, into the `outbox` table
 * (read at GET /api/dev/outbox), exactly once per job.
 *
 * @returns 'smtp' or 'outbox' when delivered now, 'queued' when it is left to the worker (caller's transaction,
 *   or a first attempt that failed)
 * @throws AppError UNAVAILABLE 'Error al mandar correo' in production without SMTP_URL (nothing is silently
 *   dropped); database errors
 */
export async function sendEmail(
  config: MessagingConfig, message: EmailMessage, options: { db?: JobExecutor } = {},
): Promise<'smtp' | 'outbox' | 'queued'> {
  if (config.isProduction && !config.smtpUrl) {
    console.error('sendEmail: SMTP_URL is not set in production; e-mail not sent');
    throw new AppError('UNAVAILABLE', ACCOUNT_MESSAGES.sendMailFailed);
  }
  const payload: EmailMessage = { ...message, to: message.to.trim(), links: message.links ?? [], codes: message.codes ?? [] };
  if (options.db) {
    await enqueue(options.db, EMAIL_JOB, payload);
    return 'queued';
  }
  const id = await enqueue(config.database.db, EMAIL_JOB, payload, { wake: false });
  if (id === null) return 'queued';
  const outcome = await runJobNow(config.database, id, EMAIL_JOB, emailJob(config));
  if (outcome !== 'done') return 'queued';
  return config.smtpUrl ? 'smtp' : 'outbox';
}

/**
 * The `email.send` job: delivers one EmailMessage over SMTP (Message-ID derived from the job id, so a re-send
 * after a crash between sending and recording carries the same id) or into the outbox table in the same
 * transaction that completes the job (exactly once).
 *
 * @throws Error when the SMTP server refuses or cannot be reached (the worker retries), or in production
 *   without SMTP_URL
 */
export function emailJob(config: MessagingConfig): JobDefinition {
  return {
    maxAttempts: 8,
    handler: async (message: EmailMessage, ctx: JobContext) => {
      if (config.smtpUrl) {
        try {
          await transportFor(config.smtpUrl).sendMail({
            from: config.from ?? `${PRODUCT_NAME} <no-responder@localhost>`,
            to: message.to,
            subject: message.subject,
            text: message.text,
            html: message.html,
            attachments: (message.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
            ...(message.headers ? { headers: message.headers } : {}),
            messageId: `<job-${ctx.job.id}@${messageIdDomain(config.from)}>`,
          });
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          console.error('sendEmail: SMTP failed', reason);
          throw new Error(`SMTP: ${reason}`);
        }
        return;
      }
      if (config.isProduction) throw new Error('SMTP_URL is not set in production');
      await ctx.completeWith((trx) => outboxRepository.insert(trx, {
        channel: 'email', to: message.to, subject: message.subject, text: message.text, html: message.html,
        links: message.links ?? [], codes: message.codes ?? [], attachments: message.attachments ?? [],
      }));
    },
  };
}

/**
 * Bounded waits unless the URL sets its own (nodemailer reads numeric query parameters as options): an attempt
 * that hangs holds a worker slot and, for the first attempt, the request.
 */
function withTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [k, v] of [['connectionTimeout', '10000'], ['greetingTimeout', '10000'], ['socketTimeout', '20000']] as const) {
    if (!url.searchParams.has(k)) url.searchParams.set(k, v);
  }
  return url.toString();
}

function messageIdDomain(from: string | undefined): string {
  const m = /@([^>\s]+)>?\s*$/.exec(from ?? '');
  return m?.[1] ?? 'localhost';
}

/** Closes the pooled SMTP connections (tests, shutdown). */
export function closeMailTransports(): void {
  for (const t of transports.values()) t.close();
  transports.clear();
}
