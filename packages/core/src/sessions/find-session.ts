import type { Database } from '@nj/db';
import { sessionsRepository } from './sessions-repository.ts';
import { hashSessionToken, SESSION_TTL_MS } from './create-anonymous-session.ts';

/** A live session: its client, whether anonymous, the token's hash, and the client's privileges and agent flag. */
export type TSession = {
  cuid: string; isAnonymous: boolean; idHash: string; privileges?: readonly string[]; isAgent?: boolean;
  /** Decision 031 'Site sessions': the branded site this session was made for by the central login (else absent). */
  siteUid?: string | null;
};

/**
 * Resolves a session cookie token to its client, or null when unknown or expired. Renews the expiry at most once
 * an hour so reads do not write on every request.
 */
export async function findSession(options: { database: Database; token: string }): Promise<TSession | null> {
  if (!options.token || options.token.length > 128) return null;
  const idHash = hashSessionToken(options.token);
  const row = await sessionsRepository.findLive(options.database, idHash);
  if (!row) return null;
  if (Date.now() - new Date(row.last_seen_at).getTime() > 3600_000) {
    await sessionsRepository.touch(options.database, idHash, new Date(Date.now() + SESSION_TTL_MS));
  }
  return { cuid: row.cuid, isAnonymous: row.is_anonymous, idHash, privileges: row.privileges ?? [], isAgent: row.is_agent, siteUid: row.site_uid };
}
