import { randomBytes } from 'node:crypto';
import type { Database } from '@nj/db';
import { hashSessionToken, newCuid, SESSION_TTL_MS } from '../../sessions/create-anonymous-session.ts';
import { sessionsRepository } from '../../sessions/sessions-repository.ts';

/**
 * For tests: a client (registered unless `anonymous`) with a live session. Returns its cuid and the cookie token
 * (send it as the nj_sid cookie). Writes only the columns of migration 001, so it works whatever accounts add.
 */
export async function createTestClientSession(
  database: Database,
  options: { anonymous?: boolean } = {},
): Promise<{ cuid: string; token: string }> {
  const cuid = newCuid();
  const token = randomBytes(32).toString('base64url');
  await database.db.insertInto('clients').values({ cuid, is_anonymous: options.anonymous ?? false }).execute();
  await sessionsRepository.insertSession(database, hashSessionToken(token), cuid, new Date(Date.now() + SESSION_TTL_MS));
  return { cuid, token };
}

/** For tests: a registered client with a session whose e-mail `email` is verified (as after the sign-up PIN); nickname from it. */
export async function createTestClientWithEmail(database: Database, email: string): Promise<{ cuid: string; token: string }> {
  const who = await createTestClientSession(database);
  await database.db.updateTable('clients').set({ email, nickname: email.split('@')[0]!, is_email_verified: true }).where('cuid', '=', who.cuid).execute();
  return who;
}
