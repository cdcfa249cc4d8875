import { generateCodeVerifier, generateState } from 'arctic';
import { z } from 'zod';
import { OAUTH_MESSAGES, type TOAuthProvider } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { TOAuthConfig, TOAuthProviderConfig } from './oauth-config.ts';
import { buildAuthorizationUrl } from './oauth-provider-client.ts';

/** Lifetime of a started sign-in (the flow cookie), ms: 10 minutes at the provider's page. */
export const OAUTH_FLOW_TTL_MS = 10 * 60 * 1000;

/**
 * What the browser keeps between start and callback (httpOnly cookie): provider, state, PKCE verifier, OIDC nonce,
 * the page to return to, and when it started (ms since the epoch).
 */
export const ZOAuthFlow = z.object({
  provider: z.enum(['google', 'facebook']),
  state: z.string().min(16).max(200),
  codeVerifier: z.string().min(43).max(128),
  nonce: z.string().min(16).max(200),
  returnTo: z.string().max(2000),
  startedAt: z.number(),
});
export type TOAuthFlow = z.infer<typeof ZOAuthFlow>;

/** The provider's settings, or AppError NOT_FOUND 'Este método de inicio de sesión no está disponible' when it is not configured (or unknown). */
export function requireOAuthProvider(config: TOAuthConfig, provider: string): TOAuthProviderConfig {
  const found = provider === 'google' || provider === 'facebook' ? config[provider as TOAuthProvider] : undefined;
  if (!found) throw new AppError('NOT_FOUND', OAUTH_MESSAGES.providerUnavailable);
  return found;
}

/**
 * A same-site path to come back to: only '/…' paths (not '//host', not '/\\host', no control characters) are
 * kept; anything else becomes '/'. Prevents the sign-in from being an open redirect.
 */
export function safeReturnPath(value: string | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (/[\u0000-\u001f\u007f\\]/.test(value) || value.length > 2000) return '/';
  if (value.startsWith('/api/')) return '/';
  return value;
}

/**
 * Starts an authorization-code sign-in with PKCE (spec 02 §4 "Social login"; issue 3): new random state, PKCE
 * verifier and nonce; the provider's authorization URL (arctic) to redirect the browser to, and the flow to keep in
 * an httpOnly cookie until the callback.
 * @param redirectUri our callback URL registered with the provider (…/api/v1/oauth/{provider}/callback)
 * @param returnTo the page the person came from (checked by safeReturnPath)
 * @throws AppError NOT_FOUND for an unconfigured provider; UNAVAILABLE when an overridden issuer cannot be discovered
 */
export async function startOAuthLogin(options: {
  config: TOAuthConfig; provider: string; redirectUri: string; returnTo?: string; now?: number;
}): Promise<{ url: string; flow: TOAuthFlow }> {
  const providerConfig = requireOAuthProvider(options.config, options.provider);
  const flow: TOAuthFlow = {
    provider: providerConfig.provider,
    state: generateState(),
    codeVerifier: generateCodeVerifier(),
    nonce: generateState(),
    returnTo: safeReturnPath(options.returnTo),
    startedAt: options.now ?? Date.now(),
  };
  const url = await buildAuthorizationUrl({
    config: providerConfig, redirectUri: options.redirectUri, state: flow.state, codeVerifier: flow.codeVerifier, nonce: flow.nonce,
  });
  return { url: url.href, flow };
}

/** The flow as a cookie value (base64url JSON). */
export function encodeOAuthFlow(flow: TOAuthFlow): string {
  return Buffer.from(JSON.stringify(flow)).toString('base64url');
}

/** The flow from a cookie value, or null when missing, malformed or older than OAUTH_FLOW_TTL_MS. */
export function decodeOAuthFlow(value: string | undefined, now: number = Date.now()): TOAuthFlow | null {
  if (!value || value.length > 4000) return null;
  try {
    const parsed = ZOAuthFlow.safeParse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
    if (!parsed.success) return null;
    if (now - parsed.data.startedAt > OAUTH_FLOW_TTL_MS || parsed.data.startedAt > now + 60_000) return null;
    return parsed.data;
  } catch {
    return null;
  }
}
