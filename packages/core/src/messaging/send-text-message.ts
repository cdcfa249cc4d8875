import { COMMON_MESSAGES } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { MessagingConfig, TextMessage } from './messaging-config.ts';
import { outboxRepository } from './outbox-repository.ts';

/**
 * The SMS / WhatsApp sandbox: keeps the message in the `outbox` table (channel 'sms' or 'whatsapp') so developers
 * and end-to-end tests read the code at GET /api/dev/outbox. The real provider adapter (verification) calls this
 * when no provider is configured.
 *
 * @throws AppError UNAVAILABLE in production (there the real provider must be configured)
 */
export async function sendTextMessage(config: MessagingConfig, message: TextMessage): Promise<'outbox'> {
  if (config.isProduction) {
    console.error('sendTextMessage: no SMS/WhatsApp provider in production; message not sent');
    throw new AppError('UNAVAILABLE', COMMON_MESSAGES.generic);
  }
  await outboxRepository.insert(config.database, {
    channel: message.channel, to: message.to.trim(), subject: null, text: message.text, html: null, links: [],
    codes: message.codes ?? [],
  });
  return 'outbox';
}
