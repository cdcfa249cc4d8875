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
