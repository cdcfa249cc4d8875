import type { Database } from '@nj/db';
import {
  NAVIGATION_MESSAGES, REFERENCE_MESSAGES_PER_DAY, REFERENCE_REMIND_INTERVAL_MS, REFERENCE_TOKEN_TTL_MS,
  REFERENCES_MESSAGES as M, referenceConfirmPath,
} from '@nj/contracts';
import type { TextMessage } from '../messaging/messaging-config.ts';
import { AppError } from '../errors/app-error.ts';
import { referencesRepository } from './references-repository.ts';
import { hashReferenceToken, newReferenceToken } from './reference-token.ts';

/**
 * How confirmation messages leave: `sendText` delivers one SMS/WhatsApp message (the messaging adapter, e.g.
 * `sendTextMessage` of ../messaging, or the phone provider); `publicUrl` is the site origin for the link
 * (e.g. 'https://example.mx', no trailing slash).
 */
export type TReferenceMessenger = {
  sendText: (message: TextMessage) => Promise<unknown>;
  publicUrl: string;
};

/**
 * Sends one confirmation message to a reference: a new random token (its SHA-256 stored, valid
 * REFERENCE_TOKEN_TTL_MS) in a link to `/referencia?token=…`, by WhatsApp. Rate limits, kept in the database so
 * every process shares them: one message per reference per REFERENCE_REMIND_INTERVAL_MS (atomic claim of
 * last_sent_at) and REFERENCE_MESSAGES_PER_DAY per client in 24 h.
 * Throws RATE_LIMITED (remindTooSoon / remindDailyLimit), or what `sendText` throws (then the reference's
 * last_sent_at is restored so it can be retried).
 */
export async function sendReferenceMessage(options: {
  database: Database;
  messenger: TReferenceMessenger;
  reference: { id: number; cuid: string; phone_number: string; last_sent_at: Date | null };
  ownerNickname: string | null;
}): Promise<void> {
  const { database, messenger, reference } = options;
  const sentToday = await referencesRepository.countTokensSince(database, reference.cuid, new Date(Date.now() - 24 * 3600_000));
  if (sentToday >= REFERENCE_MESSAGES_PER_DAY) throw new AppError('RATE_LIMITED', M.remindDailyLimit);
  if (!(await referencesRepository.claimSendSlot(database, reference.id, REFERENCE_REMIND_INTERVAL_MS))) {
    throw new AppError('RATE_LIMITED', M.remindTooSoon);
  }
  try {
    const token = newReferenceToken();
    await referencesRepository.insertToken(database, {
      token_hash: hashReferenceToken(token), reference_id: reference.id, cuid: reference.cuid,
      expires_at: new Date(Date.now() + REFERENCE_TOKEN_TTL_MS),
    });
    const link = `${messenger.publicUrl.replace(/\/$/, '')}${referenceConfirmPath(token)}`;
    await messenger.sendText({
      channel: 'whatsapp',
      to: reference.phone_number,
      text: M.textMessage({ nickname: options.ownerNickname || M.ownerFallback, brand: NAVIGATION_MESSAGES.brand, link }),
    });
  } catch (e) {
    await referencesRepository.setLastSent(database, reference.id, reference.last_sent_at);
    throw e;
  }
}
