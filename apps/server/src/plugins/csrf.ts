import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { COMMON_MESSAGES } from '@nj/contracts';
import { AppError } from '@nj/core';

/** Cookie the browser reads and echoes in the `X-CSRF-TOKEN` header (spec 01 §7: "a CSRF header read from a cookie"). */
export const CSRF_COOKIE = 'nj_csrf';
export const CSRF_HEADER = 'x-csrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sign(secret: string, nonce: string): string {
  return createHmac('sha256', secret).update(nonce).digest('base64url').slice(0, 32);
}

/** A new token: nonce '.' HMAC(nonce). Signed so a cookie planted by another host is refused. */
export function newCsrfToken(secret: string): string {
  const nonce = randomBytes(18).toString('base64url');
  return `${nonce}.${sign(secret, nonce)}`;
}

/** True when `token` is one this server signed. */
export function isValidCsrfToken(secret: string, token: string | undefined): boolean {
  if (!token || token.length > 100) return false;
  const [nonce, mac] = token.split('.');
  if (!nonce || !mac) return false;
  const expected = Buffer.from(sign(secret, nonce));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * Double-submit CSRF protection: every response that lacks a valid token cookie sets one (readable by the page's
 * script, SameSite=Lax); every `/api` call that is not GET/HEAD/OPTIONS must echo the cookie in `X-CSRF-TOKEN`,
 * or it gets 403 with a Spanish msg and nothing runs.
 */
export function registerCsrf(app: FastifyInstance, options: { secret: string; secure: boolean }): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const cookie = request.cookies[CSRF_COOKIE];
    const cookieValid = isValidCsrfToken(options.secret, cookie);
    if (!cookieValid) {
      const token = newCsrfToken(options.secret);
      reply.setCookie(CSRF_COOKIE, token, { path: '/', sameSite: 'lax', httpOnly: false, secure: options.secure });
    }
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const header = request.headers[CSRF_HEADER];
    const given = Array.isArray(header) ? header[0] : header;
    if (!cookieValid || !given || given !== cookie) {
      throw new AppError('CSRF', COMMON_MESSAGES.csrf);
    }
  });
}
