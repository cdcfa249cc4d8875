import { CHAT_NOTIFICATION_MESSAGES as N } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { chatNotificationPolicy } from '../policies/chat-notification.ts';
import { authorize } from '../policies/policy.ts';
import { chatNotificationsRepository } from './chat-notifications-repository.ts';
import { readUnsubscribeToken } from './notification-token.ts';

/** The conversation an unsubscribe link is about: its listing's title, and whether its notifications are off. */
export type UnsubscribeState = { ruid: string; title: string; muted: boolean; msg: string };

async function stateOf(deps: { database: Database; secret: string }, actor: Actor, token: unknown): Promise<{ ruid: string; cuid: string; title: string }> {
  authorize(actor, chatNotificationPolicy, 'unsubscribe');
  const named = readUnsubscribeToken({ secret: deps.secret, token });
  if (!named) throw new AppError('BAD_REQUEST', N.unsubscribeInvalid);
  const rent = await chatNotificationsRepository.rentWithParties(deps.database, named.ruid);
  if (!rent || (rent.renter.cuid !== named.cuid && rent.owner.cuid !== named.cuid)) throw new AppError('BAD_REQUEST', N.unsubscribeInvalid);
  return { ...named, title: rent.title };
}

/**
 * What the unsubscribe link of a notification shows (issue 11 'Offline notification'; GET, changes nothing, so a mail
 * scanner that opens the link does not unsubscribe anyone).
 * @param input `{ actor (anyone), token }` — the signed token of the link (notification-token.ts)
 * @returns `{ ruid, title, muted, msg }` — msg: the Spanish question, or the confirmation when already off
 * @throws AppError BAD_REQUEST 'El enlace para dejar de recibir avisos no es válido' (forged, malformed, or the
 *   conversation is gone)
 */
export async function readChatUnsubscribe(deps: { database: Database; secret: string }, input: { actor: Actor; token: unknown }): Promise<UnsubscribeState> {
  const { ruid, cuid, title } = await stateOf(deps, input.actor, input.token);
  const muted = await chatNotificationsRepository.isMuted(deps.database.db, ruid, cuid);
  return { ruid, title, muted, msg: muted ? N.unsubscribeDone(title) : N.unsubscribeAsk(title) };
}

/**
 * Turns off the new-message notifications of one conversation for the recipient its token names (issue 11). The
 * token is the credential (POST; it works signed out and from RFC 8058 one-click mail clients); idempotent.
 * @param input `{ actor (anyone), token, now? }`
 * @returns `{ ruid, title, muted: true, msg: 'Listo: ya no te avisaremos…' }`
 * @throws AppError BAD_REQUEST 'El enlace para dejar de recibir avisos no es válido'
 */
export async function unsubscribeChatNotifications(deps: { database: Database; secret: string }, input: { actor: Actor; token: unknown; now?: Date }): Promise<UnsubscribeState> {
  const { ruid, cuid, title } = await stateOf(deps, input.actor, input.token);
  await chatNotificationsRepository.mute(deps.database.db, ruid, cuid, input.now ?? new Date());
  return { ruid, title, muted: true, msg: N.unsubscribeDone(title) };
}
