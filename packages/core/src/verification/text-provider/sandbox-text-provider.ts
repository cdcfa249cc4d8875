import { sendTextMessage } from '../../messaging/send-text-message.ts';
import type { MessagingConfig } from '../../messaging/messaging-config.ts';
import type { TextMessageProvider } from './text-message-provider.ts';

/**
 * The sandbox provider: keeps each WhatsApp/SMS message in the outbox (GET /api/dev/outbox) instead of sending it.
 * Refused in production by sendTextMessage (AppError UNAVAILABLE).
 */
export function createSandboxTextProvider(messaging: MessagingConfig): TextMessageProvider {
  return {
    name: 'sandbox',
    async send(message) {
      await sendTextMessage(messaging, { channel: message.channel, to: message.to, text: message.text, codes: message.codes });
      return { id: `outbox-${Date.now()}` };
    },
  };
}
