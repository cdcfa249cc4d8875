import type { FastifyInstance } from 'fastify';
import { sendTextMessage, type TReferenceMessenger } from '@nj/core';

/**
 * How reference confirmation links leave this server: the messaging adapter's `sendTextMessage` (the SMS/WhatsApp
 * sandbox outbox outside production) and the public origin for the link.
 */
export function referenceMessenger(app: FastifyInstance): TReferenceMessenger {
  return {
    sendText: (message) => sendTextMessage(app.services.messaging, message),
    publicUrl: app.services.config.publicUrl,
  };
}
