import { createHmac } from 'node:crypto';
import { ArcticFetchError, CodeChallengeMethod, OAuth2Client, OAuth2RequestError, type OAuth2Tokens } from 'arctic';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { z } from 'zod';
import { OAUTH_MESSAGES, type TOAuthProvider } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { TOAuthEndpoints, TOAuthProviderConfig } from './oauth-config.ts';

/** What a provider told us about the person: stable subject, e-mail (lower-cased) and display name. */
export type TOAuthProfile = {
  provider: TOAuthProvider;
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
};

/** Time allowed for each call to a provider (ms). */
export const OAUTH_HTTP_TIMEOUT_MS = 10_000;
/** Clock skew tolerated on ID-token times (s). */
const CLOCK_TOLERANCE_S = 60;

const ZDiscovery = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string().url(),
  token_endpoint: z.string().url(),
  jwks_uri: z.string().url(),
  userinfo_endpoint: z.string().url().optional(),
});
const discoveryCache = new Map<string, Promise<z.infer<typeof ZDiscovery>>>();
const jwksCache = new Map<string, ReturnType<typeof createRemoteJWKSet>>();


function unreachable(): AppError {
  return new AppError('UNAVAILABLE', OAUTH_MESSAGES.providerUnreachable);
}
function refused(): AppError {
  return new AppError('UNAUTHORIZED', OAUTH_MESSAGES.invalidToken);
}

async function getJson(url: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, headers: { accept: 'application/json', ...init.headers }, signal: AbortSignal.timeout(OAUTH_HTTP_TIMEOUT_MS) });
  } catch {
    throw unreachable();
  }
  if (res.status >= 500) throw unreachable();
  const body: unknown = await res.json().catch(() => null);
  return { status: res.status, body };
}

/**
 * The provider's endpoints: the configured ones, or (for an issuer override) those of its discovery document,
 * fetched once per process. Throws AppError UNAVAILABLE when the document cannot be read or names another issuer.
 */
export async function resolveEndpoints(config: TOAuthProviderConfig): Promise<TOAuthEndpoints> {
  if (!config.discover) return config.endpoints;
  const issuer = config.endpoints.issuer;
  let pending = discoveryCache.get(issuer);
  if (!pending) {
    pending = (async () => {
      const { status, body } = await getJson(`${issuer}/.well-known/openid-configuration`);
      const doc = ZDiscovery.safeParse(body);
      if (status !== 200 || !doc.success || doc.data.issuer.replace(/\/$/, '') !== issuer) throw unreachable();
      return doc.data;
    })();
    pending.catch(() => discoveryCache.delete(issuer));
    discoveryCache.set(issuer, pending);
  }
  const doc = await pending;
  // The document is shared per issuer; this provider's explicit overrides (e.g. USERINFO_URL) still win.
  return {
    issuer: doc.issuer,
    issuerAliases: [issuer],
    authorizationEndpoint: doc.authorization_endpoint,
    tokenEndpoint: doc.token_endpoint,
    jwksUri: doc.jwks_uri,
    userinfoEndpoint: config.endpoints.userinfoEndpoint || doc.userinfo_endpoint || '',
  };
}

/** The arctic client for a provider. Google authenticates with its secret (HTTP Basic); Facebook's PKCE flow sends only client_id. */
function arcticClient(config: TOAuthProviderConfig, redirectUri: string): OAuth2Client {
  return new OAuth2Client(config.clientId, config.provider === 'facebook' ? null : config.clientSecret, redirectUri);
}

/**
 * The provider's authorization URL (authorization-code flow, PKCE S256, OIDC nonce), built by arctic.
 * @param state random value also kept in the browser's flow cookie
 * @param codeVerifier PKCE verifier (RFC 7636), kept in the flow cookie; only its S256 challenge leaves here
 */
export async function buildAuthorizationUrl(options: {
  config: TOAuthProviderConfig; redirectUri: string; state: string; codeVerifier: string; nonce: string;
}): Promise<URL> {
  const endpoints = await resolveEndpoints(options.config);
  const url = arcticClient(options.config, options.redirectUri).createAuthorizationURLWithPKCE(
    endpoints.authorizationEndpoint, options.state, CodeChallengeMethod.S256, options.codeVerifier, options.config.scopes,
  );
  url.searchParams.set('nonce', options.nonce);
  if (options.config.provider === 'google') url.searchParams.set('prompt', 'select_account');
  return url;
}

/**
 * Exchanges the authorization code (with the PKCE verifier) for tokens at the provider's token endpoint.
 * Throws AppError UNAUTHORIZED (refused code or verifier) or UNAVAILABLE (provider unreachable).
 */
export async function exchangeCode(options: {
  config: TOAuthProviderConfig; redirectUri: string; code: string; codeVerifier: string;
}): Promise<OAuth2Tokens> {
  const endpoints = await resolveEndpoints(options.config);
  try {
    return await arcticClient(options.config, options.redirectUri).validateAuthorizationCode(endpoints.tokenEndpoint, options.code, options.codeVerifier);
  } catch (e) {
    if (e instanceof OAuth2RequestError) throw refused();
    if (e instanceof ArcticFetchError) throw unreachable();
    throw refused();
  }
}

function jwks(uri: string): ReturnType<typeof createRemoteJWKSet> {
  let set = jwksCache.get(uri);
  if (!set) {
    set = createRemoteJWKSet(new URL(uri), { timeoutDuration: OAUTH_HTTP_TIMEOUT_MS });
    jwksCache.set(uri, set);
  }
  return set;
}

/**
 * Validates an ID token: signature against the provider's JWKS, issuer, audience (our client id), expiry, and the
 * nonce when one was sent. Returns its claims. Throws AppError UNAUTHORIZED when any check fails, UNAVAILABLE when
 * the key set cannot be fetched.
 */
export async function verifyIdToken(options: { config: TOAuthProviderConfig; idToken: string; nonce?: string }): Promise<JWTPayload> {
  const endpoints = await resolveEndpoints(options.config);
  try {
    const { payload } = await jwtVerify(options.idToken, jwks(endpoints.jwksUri), {
      issuer: [endpoints.issuer, ...endpoints.issuerAliases],
      audience: options.config.clientId,
      clockTolerance: CLOCK_TOLERANCE_S,
      algorithms: ['RS256', 'RS384', 'RS512', 'ES256', 'ES384', 'PS256'],
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    if (options.nonce !== undefined && payload.nonce !== options.nonce) throw refused();
    return payload;
  } catch (e) {
    if (e instanceof AppError) throw e;
    if (e instanceof joseErrors.JWKSTimeout || (e instanceof joseErrors.JOSEError && e.code === 'ERR_JWKS_INVALID')) throw unreachable();
    if (e instanceof TypeError) throw unreachable(); // fetch of the key set failed
    throw refused();
  }
}

const ZClaims = z.object({
  sub: z.string().min(1).optional(),
  id: z.string().min(1).optional(),
  email: z.string().email().max(320).optional(),
  email_verified: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  name: z.string().max(200).optional(),
});

/**
 * The profile from claims (ID token, userinfo or Graph '/me'). Google's address must be verified
 * (`email_verified`); Facebook returns only a confirmed primary address. Returns null when there is no e-mail.
 */
export function profileFromClaims(provider: TOAuthProvider, claims: unknown): TOAuthProfile | null {
  const parsed = ZClaims.safeParse(claims);
  if (!parsed.success) return null;
  const subject = parsed.data.sub ?? parsed.data.id;
  if (!subject || !parsed.data.email) return null;
  const verifiedClaim = parsed.data.email_verified;
  const emailVerified = provider === 'facebook' ? true : verifiedClaim === true || verifiedClaim === 'true';
  return { provider, subject, email: parsed.data.email.trim().toLowerCase(), emailVerified, name: parsed.data.name?.trim() || null };
}

/** Facebook's `appsecret_proof`: HMAC-SHA256 of the access token with the app secret (hex). */
export function appSecretProof(secret: string, accessToken: string): string {
  return createHmac('sha256', secret).update(accessToken).digest('hex');
}

/**
 * Reads the person's claims with an access token: OIDC userinfo (Bearer) for Google, Graph '/me' (fields id, name,
 * email, with appsecret_proof) for Facebook. Throws UNAUTHORIZED when the provider refuses the token.
 */
export async function fetchUserinfo(config: TOAuthProviderConfig, accessToken: string): Promise<unknown> {
  const endpoints = await resolveEndpoints(config);
  if (config.provider === 'facebook') {
    const url = new URL(endpoints.userinfoEndpoint);
    url.searchParams.set('fields', 'id,name,email');
    url.searchParams.set('appsecret_proof', appSecretProof(config.clientSecret, accessToken));
    const { status, body } = await getJson(url.href, { headers: { authorization: `Bearer ${accessToken}` } });
    if (status !== 200) throw refused();
    return body;
  }
  const { status, body } = await getJson(endpoints.userinfoEndpoint, { headers: { authorization: `Bearer ${accessToken}` } });
  if (status !== 200) throw refused();
  return body;
}

const ZGoogleTokenInfo = z.object({ aud: z.string().optional(), azp: z.string().optional(), sub: z.string().optional(), expires_in: z.coerce.number().optional() });
const ZFacebookDebug = z.object({ data: z.object({ app_id: z.coerce.string(), is_valid: z.boolean(), user_id: z.coerce.string().optional() }) });

/**
 * Checks that a bare access token is live and was issued to this app (so a token obtained by another site cannot
 * sign in here): Google's tokeninfo (`aud` or `azp` = our client id), Facebook's debug_token (`app_id` = our app,
 * `is_valid`). Returns the subject the provider states, if any. Throws AppError UNAUTHORIZED otherwise.
 */
export async function checkAccessTokenAudience(config: TOAuthProviderConfig, accessToken: string): Promise<string | undefined> {
  if (config.provider === 'google') {
    const url = new URL(config.tokenCheckEndpoint);
    url.searchParams.set('access_token', accessToken);
    const { status, body } = await getJson(url.href);
    const info = ZGoogleTokenInfo.safeParse(body);
    if (status !== 200 || !info.success) throw refused();
    if (info.data.aud !== config.clientId && info.data.azp !== config.clientId) throw refused();
    if (info.data.expires_in !== undefined && !(info.data.expires_in > 0)) throw refused();
    return info.data.sub;
  }
  const url = new URL(`${config.tokenCheckEndpoint}/debug_token`);
  url.searchParams.set('input_token', accessToken);
  url.searchParams.set('access_token', `${config.clientId}|${config.clientSecret}`);
  const { status, body } = await getJson(url.href);
  const info = ZFacebookDebug.safeParse(body);
  if (status !== 200 || !info.success || !info.data.data.is_valid || info.data.data.app_id !== config.clientId) throw refused();
  return info.data.data.user_id;
}
