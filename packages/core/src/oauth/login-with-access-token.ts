import type { Database } from '@nj/db';
import { OAUTH_MESSAGES, type TOAuthLoginBody } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { TOAuthConfig } from './oauth-config.ts';
import { checkAccessTokenAudience, fetchUserinfo, profileFromClaims, verifyIdToken } from './oauth-provider-client.ts';
import { requireOAuthProvider } from './start-oauth-login.ts';
import { signInWithProfile, type TOAuthSignIn } from './sign-in-with-profile.ts';

const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/**
 * POST /api/v1/oauth/login (spec 02 §3 "Social login payload", §7): signs in with a token the browser obtained
 * from the provider. The token is verified with the provider before anything else: for Google an ID token (Google
 * Identity Services' credential) is validated like at the callback; a bare access token must be issued to this app
 * (tokeninfo `aud`/`azp`; Facebook debug_token `app_id`) and then gives the profile through userinfo / Graph '/me'.
 * `existing_id` (the browser's stored client id) is only honoured when it is the request's own anonymous client,
 * whose likes are then kept (one client can never claim another's data).
 *
 * @returns the sign-in (new session token, cuid, is_new)
 * @throws AppError NOT_FOUND (provider not configured), UNAUTHORIZED 'No pudimos validar tu inicio de sesión…'
 *   (token refused) or with OAUTH_MESSAGES.emailMissing, UNAVAILABLE (provider unreachable)
 */
export async function loginWithAccessToken(options: {
  database: Database;
  config: TOAuthConfig;
  body: TOAuthLoginBody;
  current: { cuid: string; isAnonymous: boolean; idHash: string } | null;
}): Promise<TOAuthSignIn> {
  const config = requireOAuthProvider(options.config, options.body.provider);
  const token = options.body.accessToken;
  let claims: unknown;
  if (config.provider === 'google' && JWT_SHAPE.test(token)) {
    claims = await verifyIdToken({ config, idToken: token });
  } else {
    const subject = await checkAccessTokenAudience(config, token);
    claims = await fetchUserinfo(config, token);
    const profile = profileFromClaims(config.provider, claims);
    if (profile && subject !== undefined && profile.subject !== subject) throw new AppError('UNAUTHORIZED', OAUTH_MESSAGES.invalidToken);
  }
  const profile = profileFromClaims(config.provider, claims);
  if (!profile || !profile.emailVerified) throw new AppError('UNAUTHORIZED', OAUTH_MESSAGES.emailMissing);
  const current = options.current;
  // existing_id names the browser's anonymous client; it only counts when it is this request's own session.
  const own = current && current.isAnonymous && (!options.body.existing_id || options.body.existing_id === current.cuid) ? current : current && { ...current, isAnonymous: false };
  return signInWithProfile({ database: options.database, profile, current: own });
}
