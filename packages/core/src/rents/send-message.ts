import { RENTS_MESSAGES } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { type RateLimiter, rateKey, requireNotLimited } from '../accounts/rate-limiter.ts';
import type { Actor } from '../policies/actor.ts';
import { rentMessagePolicy } from '../policies/rent-message.ts';
import type { ChatEvents } from './chat-events.ts';
import { chatPresence } from './chat-presence.ts';
import { enqueueMessageNotification, notifyBucket } from './notify-new-message.ts';
import { loadRentFor, requireTransition } from './rent-access.ts';
import { rentsRepository, type ChatMessage } from './rents-repository.ts';
import type { JobExecutor } from '../jobs/jobs-repository.ts';

/** Messages one client may send: 30 a minute and 600 an hour across all their conversations. */
export const SEND_MESSAGE_RATE_LIMITS = {
  perMinute: { limit: 30, windowMs: 60_000 },
  perHour: { limit: 600, windowMs: 60 * 60_000 },
} as const;

/** Longest message text (issue 11 'Rules and limits'). */
export const MESSAGE_MAX_LENGTH = 5000;

/**
 * A party of rent `ruid` writes a chat message (issue 11 'Chat'; spec 02 §4; the socket layer's on_message_sent
 * calls it). The text is trimmed, 1–5,000 characters, stored as plain text (never rendered as HTML). Idempotent on
 * `clientMessageId`: the same sender's resend returns the stored message with `duplicate: true`, stores and publishes
 * nothing. Otherwise the message goes to the other party (`to_cuid`) and is published on `events`; when the receiver
 * has no chat socket on this process (chatPresence), their offline notification job is enqueued with the message
 * (notify-new-message.ts: e-mail and WhatsApp a minute later unless seen, at most one per 15 minutes).
 *
 * @param input `{ actor, ruid, text, clientMessageId? (1–100 characters) }`
 * @returns `{ message, duplicate }`
 * @throws AppError UNAUTHORIZED; NOT_FOUND for a stranger or unknown rent; BAD_REQUEST 'Escribe un mensaje' / 'El
 *   mensaje no puede tener más de 5,000 caracteres'; CONFLICT 'Esta conversación está cerrada…' when discarded or the
 *   listing is invalid; RATE_LIMITED over SEND_MESSAGE_RATE_LIMITS
 */
export async function sendMessage(
  deps: { database: Database; limiter: RateLimiter; events: ChatEvents },
  input: { actor: Actor; ruid: string; text: string; clientMessageId?: string | null },
): Promise<{ message: ChatMessage; duplicate: boolean }> {
  const { rent, role } = await loadRentFor(deps.database, input.actor, input.ruid, rentMessagePolicy, 'send');
  const text = input.text.trim();
  if (!text) throw new AppError('BAD_REQUEST', RENTS_MESSAGES.messageEmpty);
  if (text.length > MESSAGE_MAX_LENGTH) throw new AppError('BAD_REQUEST', RENTS_MESSAGES.messageTooLong);
  if (input.clientMessageId != null && (input.clientMessageId.length < 1 || input.clientMessageId.length > 100)) {
    throw new AppError('BAD_REQUEST', RENTS_MESSAGES.clientMessageIdInvalid);
  }
  const from = input.actor.cuid!;
  // A resend (same client id) is answered with the stored message even when the conversation closed or the sender is
  // over the limit since: looked up only on those refusals, as the insert itself recognises a resend (one statement
  // fewer per message; issue 11 bench:chat).
  const refusedUnlessResent = async (error: unknown): Promise<{ message: ChatMessage; duplicate: boolean }> => {
    if (input.clientMessageId) {
      const earlier = await rentsRepository.findByClientMessageId(deps.database, from, input.clientMessageId);
      if (earlier) return { message: earlier, duplicate: true };
    }
    throw error;
  };
  try {
    requireTransition(rent, 'send_message', role);
    await requireNotLimited(deps.limiter, [
      { key: rateKey('chat-minute', from), ...SEND_MESSAGE_RATE_LIMITS.perMinute },
      { key: rateKey('chat-hour', from), ...SEND_MESSAGE_RATE_LIMITS.perHour },
    ]);
  } catch (error) {
    return refusedUnlessResent(error);
  }
  const to = role === 'renter' ? rent.owner_cuid : rent.renter_cuid;
  const stored = await rentsRepository.insertMessage(deps.database, {
    ruid: rent.ruid, from_cuid: from, to_cuid: to, cat: 'msg', text, client_message_id: input.clientMessageId ?? null,
  }, notifyUnlessConnected(deps.events, to));
  if (!stored.duplicate) deps.events.publishMessage({ ruid: rent.ruid, message: stored.message, from, to });
  return stored;
}

/**
 * The insertMessage hook that enqueues the offline notification of a new message to `to`, or undefined when `to` is
 * connected to this process's chat socket (issue 11 'Offline notification'; see chat-presence.ts for several processes).
 */
export function notifyUnlessConnected(events: ChatEvents, to: string | null): ((trx: JobExecutor, message: ChatMessage) => Promise<unknown>) | undefined {
  const presence = chatPresence(events);
  if (!to || presence.isConnected(to)) return undefined;
  return async (trx, message) => {
    const now = new Date();
    // This minute's job for the conversation and receiver is already enqueued by this process: nothing to add.
    if (!presence.markNotifying(message.ruid, to, notifyBucket(now))) return null;
    return enqueueMessageNotification(trx, message, { now });
  };
}
