import { randomBytes } from 'node:crypto';
import type { Database } from '@nj/db';
import { hashSessionToken, SESSION_TTL_MS } from '../sessions/create-anonymous-session.ts';
import { sessionsRepository } from '../sessions/sessions-repository.ts';
import { mergeLikes } from '../likes/merge-likes.ts';

/**
 * Creates a new session for an existing client and returns the cookie token (32 random bytes, base64url; only its
 * SHA-256 is stored). Expires after SESSION_TTL_MS (30 days, sliding).
 */
export async function startSession(options: { database: Database; cuid: string; siteUid?: string | null }): Promise<{ token: string; cuid: string }> {
  const token = randomBytes(32).toString('base64url');
  await sessionsRepository.insertSession(options.database, hashSessionToken(token), options.cuid, new Date(Date.now() + SESSION_TTL_MS), options.siteUid ?? null);
  return { token, cuid: options.cuid };
}

/**
 * Signs a client in (login, sign-up, OAuth): the previous session of this browser is deleted and a NEW session id
 * is issued (no session fixation, spec 02 issue: "a new session id on every login"). When the previous session was
 * an anonymous client other than `cuid`, its likes move to `cuid` (mergeLikes) first.
 *
 * @param previous the request's current session (request.getSession()), or null
 * @returns the new cookie token
 */
export async function signInClient(options: {
  database: Database;
  cuid: string;
  previous?: { cuid: string; isAnonymous: boolean; idHash: string } | null;
  /** Decision 031: the branded site the new session belongs to (POST /v1/auth/loginwithtoken). */
  siteUid?: string | null;
}): Promise<{ token: string; cuid: string }> {
  const { database, cuid, previous } = options;
  if (previous?.isAnonymous && previous.cuid !== cuid) await mergeLikes(database, previous.cuid, cuid);
  if (previous?.idHash) await sessionsRepository.deleteSession(database, previous.idHash);
  return startSession({ database, cuid, siteUid: options.siteUid ?? null });
}

/** Ends one session (logout): deletes its row; the cookie is cleared by the caller. */
export async function endSession(options: { database: Database; idHash: string }): Promise<void> {
  await sessionsRepository.deleteSession(options.database, options.idHash);
}
