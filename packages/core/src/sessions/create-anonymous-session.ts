import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '@nj/db';
import { sessionsRepository } from './sessions-repository.ts';

/** Session lifetime: 30 days, renewed on use (sliding). */
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

/** SHA-256 hex of a session token; the table keeps only this. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new client id: 'c_' + 24 hex characters. */
export function newCuid(): string {
  return `c_${randomBytes(12).toString('hex')}`;
}

/**
 * Creates an anonymous client and a session for it (spec 01 §5: "Property search needs a client session (an
 * anonymous one suffices)"). Returns the cookie token (32 random bytes, base64url) and the cuid.
 */
export async function createAnonymousSession(options: { database: Database }): Promise<{ token: string; cuid: string }> {
  const cuid = newCuid();
  const token = randomBytes(32).toString('base64url');
  await options.database.db.transaction().execute(async (trx) => {
    const scoped = { ...options.database, db: trx };
    await sessionsRepository.insertAnonymousClient(scoped, cuid);
    await sessionsRepository.insertSession(scoped, hashSessionToken(token), cuid, new Date(Date.now() + SESSION_TTL_MS));
  });
  return { token, cuid };
}
