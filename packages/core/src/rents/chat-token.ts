import { createHmac, timingSafeEqual } from 'node:crypto';
import { RENTS_MESSAGES } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { registeredActor, type RegisteredActor } from '../policies/actor.ts';

/** How long a chat token is good for: 5 minutes (ms). The socket is authenticated once, on on_join_room. */
export const CHAT_TOKEN_TTL_MS = 5 * 60_000;

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`chat:${payload}`).digest('base64url');
}

/**
 * The token of GET /v1/messages/auth (spec 03 §7 'Chat and appointments'; issue 11): `{cuid}.{expiry ms}.{HMAC}`,
 * bound to the signed-in client `cuid` and signed with the server's secret (SESSION_SECRET, shared by every process),
 * so any server process can check it without a table.
 * @param input `{ secret, cuid, now? (ms since epoch), ttlMs? (default CHAT_TOKEN_TTL_MS) }`
 * @returns `{ token, expiresAt }` (expiresAt: ms since epoch)
 */
export function issueChatToken(input: { secret: string; cuid: string; now?: number; ttlMs?: number }): { token: string; expiresAt: number } {
  const expiresAt = (input.now ?? Date.now()) + (input.ttlMs ?? CHAT_TOKEN_TTL_MS);
  const payload = `${input.cuid}.${expiresAt}`;
  return { token: `${payload}.${sign(input.secret, payload)}`, expiresAt };
}

/**
 * The client a chat token was issued to.
 * @param input `{ secret, token (any value: a socket sends what it likes), now? (ms since epoch) }`
 * @returns the client's cuid
 * @throws AppError UNAUTHORIZED 'Tu conexión al chat expiró; recarga la página' for an absent, malformed, forged or
 *   expired token
 */
export function verifyChatToken(input: { secret: string; token: unknown; now?: number }): string {
  const refuse = () => new AppError('UNAUTHORIZED', RENTS_MESSAGES.chatTokenInvalid);
  if (typeof input.token !== 'string' || input.token.length > 300) throw refuse();
  const parts = input.token.split('.');
  if (parts.length !== 3) throw refuse();
  const [cuid, expiry, signature] = parts as [string, string, string];
  const expected = Buffer.from(sign(input.secret, `${cuid}.${expiry}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refuse();
  if (!/^\d+$/.test(expiry) || Number(expiry) <= (input.now ?? Date.now())) throw refuse();
  return cuid;
}

/**
 * The actor behind a chat token (the socket's on_join_room; issue 11): verifyChatToken, then the client's row (one
 * query) for its privileges and agent flag.
 * @param input `{ database, secret, token, now? (ms) }`
 * @returns a registered actor
 * @throws AppError UNAUTHORIZED (RENTS_MESSAGES.chatTokenInvalid) for a bad token, or a client that no longer exists
 *   or is no longer registered
 */
export async function actorOfChatToken(input: { database: Database; secret: string; token: unknown; now?: number }): Promise<RegisteredActor> {
  const cuid = verifyChatToken(input);
  const row = await input.database.db.selectFrom('clients').select(['cuid', 'is_anonymous', 'privileges', 'is_agent'])
    .where('cuid', '=', cuid).executeTakeFirst();
  if (!row || row.is_anonymous) throw new AppError('UNAUTHORIZED', RENTS_MESSAGES.chatTokenInvalid);
  return registeredActor(row.cuid, { privileges: row.privileges, isAgent: row.is_agent });
}
