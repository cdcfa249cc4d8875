import { createHmac, timingSafeEqual } from 'node:crypto';

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`chat-notifications:${payload}`).digest('base64url');
}

/**
 * The token of a conversation's unsubscribe link (issue 11 'Offline notification'): `{ruid}.{cuid}.{HMAC}`, signed
 * with the server's secret (SESSION_SECRET, like chat-token.ts) under its own purpose prefix, so it cannot be
 * confused with a chat token. It does not expire: an old e-mail's link still turns notifications off.
 * @param input `{ secret, ruid, cuid }` (the conversation and its recipient)
 * @returns the token (URL-safe)
 */
export function issueUnsubscribeToken(input: { secret: string; ruid: string; cuid: string }): string {
  const payload = `${input.ruid}.${input.cuid}`;
  return `${payload}.${sign(input.secret, payload)}`;
}

/**
 * The conversation and recipient a token names, or null when it is absent, malformed or forged.
 * @param input `{ secret, token }` (token: any value from a request)
 */
export function readUnsubscribeToken(input: { secret: string; token: unknown }): { ruid: string; cuid: string } | null {
  if (typeof input.token !== 'string' || input.token.length > 300) return null;
  const parts = input.token.split('.');
  if (parts.length !== 3) return null;
  const [ruid, cuid, signature] = parts as [string, string, string];
  const expected = Buffer.from(sign(input.secret, `${ruid}.${cuid}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { ruid, cuid };
}
