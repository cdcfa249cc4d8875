import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { COMMON_MESSAGES } from '@nj/contracts';
import { AppError } from '@nj/core';

/** Cookie the browser reads and echoes in the `X-CSRF-TOKEN` header (spec 01 §7: "a CSRF header read from a cookie"). */
export const CSRF_COOKIE = 'nj_csrf';
export const CSRF_HEADER = 'x-csrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `false` only for a non-GET route that changes nothing and must answer without a token (none does today:
     * wrong methods are answered by the not-found handler, which no route matches). Every other one is checked.
     */
    csrf?: boolean;
  }
  interface FastifyReply {
    /**
     * Tells the CSRF plugin that this answer sets (token) or clears (null) the session cookie, so it issues a CSRF
     * token bound to the new session in the same answer. Called by `setSessionCookie`/`clearSessionCookie`.
     */
    bindCsrfToSession(sessionToken: string | null): void;
  }
}

function sign(secret: string, nonce: string, sessionToken: string): string {
  return createHmac('sha256', secret).update(`${nonce}\n${sessionToken}`).digest('base64url').slice(0, 32);
}

/**
 * A new token bound to a session: nonce '.' HMAC(secret, nonce + session token). `sessionToken` is the value of
 * the session cookie the browser will send with it ('' for a visitor without a session).
 */
export function newCsrfToken(secret: string, sessionToken: string): string {
  const nonce = randomBytes(18).toString('base64url');
  return `${nonce}.${sign(secret, nonce, sessionToken)}`;
}

/** True when `token` is one this server signed for the session whose cookie value is `sessionToken` ('' = none). */
export function isValidCsrfToken(secret: string, token: string | undefined, sessionToken: string): boolean {
  if (!token || token.length > 100) return false;
  const [nonce, mac] = token.split('.');
  if (!nonce || !mac) return false;
  const expected = Buffer.from(sign(secret, nonce, sessionToken));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * Double-submit CSRF protection bound to the session (issue 7 finding 2):
 * - every answer whose request lacks a token valid for its session cookie sets one (readable by the page's script,
 *   SameSite=Lax); an answer that sets or clears the session cookie sets a token for the new session;
 * - every route the router MATCHED whose method is not GET/HEAD/OPTIONS (any path, however encoded: the check runs
 *   on the matched route, not on the raw URL) needs `X-CSRF-TOKEN` equal to the cookie and valid for the session
 *   cookie sent with it, or it answers 403 with a Spanish msg and nothing runs. A token minted for another session
 *   (an attacker's own valid pair) is refused. Routes opt out only with `config: { csrf: false }`.
 */
export function registerCsrf(
  app: FastifyInstance, options: { secret: string; secure: boolean; sessionCookie: string },
): void {
  const issue = (reply: FastifyReply, sessionToken: string) => {
    reply.setCookie(CSRF_COOKIE, newCsrfToken(options.secret, sessionToken), {
      path: '/', sameSite: 'lax', httpOnly: false, secure: options.secure,
    });
  };
  app.decorateReply('bindCsrfToSession', function bindCsrfToSession(this: FastifyReply, sessionToken: string | null) {
    issue(this, sessionToken ?? '');
  });

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const sessionToken = request.cookies[options.sessionCookie] ?? '';
    const cookie = request.cookies[CSRF_COOKIE];
    const cookieValid = isValidCsrfToken(options.secret, cookie, sessionToken);
    if (!cookieValid) issue(reply, sessionToken);
    if (SAFE_METHODS.has(request.method)) return;
    // Unmatched requests end in the 404 handler and run nothing.
    if (request.routeOptions.url === undefined || request.routeOptions.config.csrf === false) return;
    const header = request.headers[CSRF_HEADER];
    const given = Array.isArray(header) ? header[0] : header;
    if (!cookieValid || !given || given !== cookie) {
      throw new AppError('CSRF', COMMON_MESSAGES.csrf);
    }
  });
}
