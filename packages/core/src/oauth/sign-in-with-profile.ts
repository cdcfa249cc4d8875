import type { Database } from '@nj/db';
import { OAUTH_MESSAGES } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import { findOrCreateClientByEmail } from '../accounts/find-or-create-client-by-email.ts';
import { signInClient } from '../accounts/start-session.ts';
import type { TOAuthProfile } from './oauth-provider-client.ts';

/** The outcome of a social sign-in: the new session's cookie token, the client, and whether the account is new. */
export type TOAuthSignIn = { token: string; cuid: string; isNew: boolean };

/**
 * Signs a person in with what the provider vouched for (spec 02 §4 "Social login"), through the accounts feature:
 * findOrCreateClientByEmail (the registered client with that e-mail, case-insensitive; else the current anonymous
 * client registered in place so its likes stay, else a new client; the address marked verified) and signInClient
 * (an anonymous visitor's likes move to an existing account; the request's session ends; a NEW session id).
 *
 * @param profile from a validated ID token or a verified access token; `emailVerified` must be true
 * @param current the session of the request, if any
 * @returns the new session token (for the nj_sid cookie), the cuid and is_new
 * @throws AppError UNAUTHORIZED with OAUTH_MESSAGES.emailMissing when the provider did not verify the address
 */
export async function signInWithProfile(options: {
  database: Database;
  profile: TOAuthProfile;
  current: { cuid: string; isAnonymous: boolean; idHash: string } | null;
}): Promise<TOAuthSignIn> {
  const { database, profile, current } = options;
  if (!profile.emailVerified || !profile.email) throw new AppError('UNAUTHORIZED', OAUTH_MESSAGES.emailMissing);
  const { cuid, created } = await findOrCreateClientByEmail({
    database,
    email: profile.email,
    nickname: profile.name?.split(/\s+/)[0] ?? null,
    emailVerified: true,
    anonymousCuid: current?.isAnonymous ? current.cuid : null,
  });
  const { token } = await signInClient({ database, cuid, previous: current });
  return { token, cuid, isNew: created };
}
