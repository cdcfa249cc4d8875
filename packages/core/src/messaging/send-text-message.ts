import { COMMON_MESSAGES } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import { enqueue } from '../jobs/enqueue.ts';
import { runJobNow, type JobContext, type JobDefinition } from '../jobs/job-worker.ts';
import type { JobExecutor } from '../jobs/jobs-repository.ts';
import type { MessagingConfig, TextMessage } from './messaging-config.ts';
import { outboxRepository } from './outbox-repository.ts';

/** Job name of one SMS / WhatsApp message kept in the sandbox outbox (payload: TextMessage). */
export const TEXT_JOB = 'text.send';

/**
 * The SMS / WhatsApp sandbox: keeps the message in the `outbox` table (channel 'sms' or 'whatsapp') so developers
 * and end-to-end tests read the code at GET /api/dev/outbox. The real provider adapter (verification) calls this
 * when no provider is configured. Goes through the job queue like e-mail (issue 8 §4): a `text.send` job, only
 * enqueued when `options.db` (the caller's transaction) is given, else enqueued and delivered at once here.
 *
 * @returns 'outbox' when kept now, 'queued' when left to the worker
 * @throws AppError UNAVAILABLE in production (there the real provider must be configured); database errors
 */
export async function sendTextMessage(
  config: MessagingConfig, message: TextMessage, options: { db?: JobExecutor } = {},
): Promise<'outbox' | 'queued'> {
  if (config.isProduction) {
    console.error('sendTextMessage: no SMS/WhatsApp provider in production; message not sent');
    throw new AppError('UNAVAILABLE', COMMON_MESSAGES.generic);
  }
  const payload: TextMessage = { ...message, to: message.to.trim(), codes: message.codes ?? [] };
  if (options.db) {
    await enqueue(options.db, TEXT_JOB, payload);
    return 'queued';
  }
  const id = await enqueue(config.database.db, TEXT_JOB, payload, { wake: false });
  if (id === null) return 'queued';
  return (await runJobNow(config.database, id, TEXT_JOB, textJob(config))) === 'done' ? 'outbox' : 'queued';
}

/** The `text.send` job: keeps the message in the outbox in the transaction that completes the job (exactly once). */
export function textJob(config: MessagingConfig): JobDefinition {
  return {
    maxAttempts: 8,
    handler: async (message: TextMessage, ctx: JobContext) => {
      if (config.isProduction) throw new Error('no SMS/WhatsApp sandbox in production');
      await ctx.completeWith((trx) => outboxRepository.insert(trx, {
        channel: message.channel, to: message.to, subject: null, text: message.text, html: null, links: [],
        codes: message.codes ?? [],
      }));
    },
  };
}
