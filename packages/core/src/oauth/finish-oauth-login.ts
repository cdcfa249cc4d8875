import { timingSafeEqual } from 'node:crypto';
import type { Database } from '@nj/db';
import { OAUTH_MESSAGES, type TOAuthErrorCode } from '@nj/contracts';
import { AppError, isAppError } from '../errors/app-error.ts';
import type { TOAuthConfig } from './oauth-config.ts';
import { exchangeCode, fetchUserinfo, profileFromClaims, verifyIdToken, type TOAuthProfile } from './oauth-provider-client.ts';
import { requireOAuthProvider, type TOAuthFlow } from './start-oauth-login.ts';
import { signInWithProfile, type TOAuthSignIn } from './sign-in-with-profile.ts';

function sameString(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Why a callback did not sign in; `code` goes back to the page as ?oauth_error=code (OAUTH_ERROR_CODES). */
export class OAuthCallbackError extends Error {
  constructor(readonly code: TOAuthErrorCode, readonly returnTo: string) {
    super(`oauth callback: ${code}`);
    this.name = 'OAuthCallbackError';
  }
}

/**
 * Finishes a sign-in at the callback (spec 02 §4 "Social login"): checks the state against the flow cookie,
 * exchanges the code with the PKCE verifier (arctic), validates the ID token (JWKS signature, issuer, audience,
 * expiry, nonce), reads e-mail and name (from the ID token, else from userinfo / Graph '/me' with the same
 * subject), and signs in (signInWithProfile: find or register the client by e-mail, new session).
 *
 * @param query the provider's redirect parameters (code, state, error)
 * @param flow the decoded flow cookie, or null when missing/expired
 * @param current the request's session, if any
 * @returns the sign-in (new session token, cuid, is_new) and the page to return to
 * @throws OAuthCallbackError (state | denied | email | failed) — never anything else
 */
export async function finishOAuthLogin(options: {
  database: Database;
  config: TOAuthConfig;
  provider: string;
  redirectUri: string;
  query: { code?: string; state?: string; error?: string };
  flow: TOAuthFlow | null;
  current: { cuid: string; isAnonymous: boolean; idHash: string } | null;
}): Promise<{ signIn: TOAuthSignIn; returnTo: string }> {
  const { flow, query } = options;
  const returnTo = flow?.returnTo ?? '/';
  if (!flow || flow.provider !== options.provider || !query.state || !sameString(query.state, flow.state)) {
    throw new OAuthCallbackError('state', returnTo);
  }
  if (query.error || !query.code) throw new OAuthCallbackError(query.error === 'access_denied' ? 'denied' : 'failed', returnTo);
  try {
    const config = requireOAuthProvider(options.config, options.provider);
    const tokens = await exchangeCode({ config, redirectUri: options.redirectUri, code: query.code, codeVerifier: flow.codeVerifier });
    const data = tokens.data as Record<string, unknown>;
    if (typeof data.id_token !== 'string') throw new AppError('UNAUTHORIZED', OAUTH_MESSAGES.invalidToken);
    const claims = await verifyIdToken({ config, idToken: data.id_token, nonce: flow.nonce });
    let profile: TOAuthProfile | null = profileFromClaims(config.provider, claims);
    if (!profile && typeof data.access_token === 'string') {
      const info = await fetchUserinfo(config, data.access_token);
      const fromInfo = profileFromClaims(config.provider, info);
      if (fromInfo && fromInfo.subject === claims.sub) profile = fromInfo;
    }
    if (!profile || !profile.emailVerified) throw new OAuthCallbackError('email', returnTo);
    const signIn = await signInWithProfile({ database: options.database, profile, current: options.current });
    return { signIn, returnTo };
  } catch (e) {
    if (e instanceof OAuthCallbackError) throw e;
    if (isAppError(e) && e.msg === OAUTH_MESSAGES.emailMissing) throw new OAuthCallbackError('email', returnTo);
    throw new OAuthCallbackError('failed', returnTo);
  }
}
