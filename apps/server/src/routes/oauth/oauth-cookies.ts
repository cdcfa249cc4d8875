import type { FastifyReply } from 'fastify';
import { OAUTH_FLOW_TTL_MS } from '@nj/core';

/** httpOnly cookie holding a started sign-in (state, PKCE verifier, nonce, return page) until the callback. */
export const OAUTH_FLOW_COOKIE = 'nj_oauth';
/** The flow cookie is only sent to the OAuth routes. */
export const OAUTH_COOKIE_PATH = '/api/v1/oauth';

/** Our callback URL for a provider, as registered with it: {PUBLIC_URL}/api/v1/oauth/{provider}/callback. */
export function oauthRedirectUri(publicUrl: string, provider: string): string {
  return `${publicUrl}/api/v1/oauth/${provider}/callback`;
}

/** Sets the flow cookie (SameSite=Lax so the provider's top-level redirect back carries it; 10 minutes). */
export function setFlowCookie(reply: FastifyReply, value: string, secure: boolean): void {
  reply.setCookie(OAUTH_FLOW_COOKIE, value, {
    path: OAUTH_COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure, maxAge: Math.floor(OAUTH_FLOW_TTL_MS / 1000),
  });
}

/** Removes the flow cookie: a flow is used once, whatever its outcome. */
export function clearFlowCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(OAUTH_FLOW_COOKIE, { path: OAUTH_COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure });
}
