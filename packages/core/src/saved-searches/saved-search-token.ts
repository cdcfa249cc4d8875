import { createHmac, timingSafeEqual } from 'node:crypto';

function sign(secret: string, id: string): string {
  return createHmac('sha256', secret).update(`saved-search-alerts:${id}`).digest('base64url');
}

/**
 * The token of a saved search's unsubscribe link (issue 17; decision 037): `{id}.{HMAC}`, signed with the server's
 * secret under its own purpose prefix (like the chat's rents/notification-token.ts). It does not expire.
 * @param input `{ secret, id }` (the saved search's id)
 * @returns the token (URL-safe)
 */
export function issueSavedSearchToken(input: { secret: string; id: string }): string {
  return `${input.id}.${sign(input.secret, input.id)}`;
}

/** The saved search id a token names, or null when it is absent, malformed or forged. */
export function readSavedSearchToken(input: { secret: string; token: unknown }): string | null {
  if (typeof input.token !== 'string' || input.token.length > 300) return null;
  const parts = input.token.split('.');
  if (parts.length !== 2 || !/^[1-9][0-9]{0,17}$/.test(parts[0]!)) return null;
  const expected = Buffer.from(sign(input.secret, parts[0]!));
  const given = Buffer.from(parts[1]!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return parts[0]!;
}
