import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** httpOnly cookie saying "this browser signed in to account X before" (a trusted device, issue 7 finding 5). */
export const DEVICE_COOKIE = 'nj_dev';
const ONE_YEAR_S = 365 * 24 * 3600;

function mac(secret: string, cuid: string): string {
  return createHmac('sha256', secret).update(`device\n${cuid}`).digest('base64url').slice(0, 32);
}

/**
 * The account this browser's device cookie proves (its cuid), or undefined when there is none or it is not one we
 * signed. It only lets the owner skip the slow-down of an attacked account; it never signs anybody in.
 */
export function trustedDeviceCuid(app: FastifyInstance, request: FastifyRequest): string | undefined {
  const value = request.cookies[DEVICE_COOKIE];
  if (!value || value.length > 200) return undefined;
  const dot = value.lastIndexOf('.');
  const cuid = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(mac(app.services.config.sessionSecret, cuid));
  return dot > 0 && given.length === expected.length && timingSafeEqual(given, expected) ? cuid : undefined;
}

/** Marks this browser as a trusted device of `cuid` after a successful password login (one year). */
export function setDeviceCookie(app: FastifyInstance, reply: FastifyReply, cuid: string): void {
  reply.setCookie(DEVICE_COOKIE, `${cuid}.${mac(app.services.config.sessionSecret, cuid)}`, {
    path: '/api/v1/login', httpOnly: true, sameSite: 'lax', secure: app.services.config.isProduction, maxAge: ONE_YEAR_S,
  });
}
