import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { accountsRepository } from '@nj/core';

/**
 * httpOnly cookie saying "this browser signed in to account X before" (a trusted device, issue 7 finding 5). Bound
 * to the account's current password: changing or resetting the password makes every older device cookie worthless.
 */
export const DEVICE_COOKIE = 'nj_dev';
const ONE_YEAR_S = 365 * 24 * 3600;

function mac(secret: string, cuid: string, passwordHash: string | null): string {
  const generation = createHash('sha256').update(passwordHash ?? '').digest('base64url');
  return createHmac('sha256', secret).update(`device\n${cuid}\n${generation}`).digest('base64url').slice(0, 32);
}

/**
 * A check of this browser's device cookie against an account row: true when the cookie was issued to that account
 * under its current password. Never signs anybody in; it only spares the owner the slow-down of an attacked account.
 */
export function deviceTrust(app: FastifyInstance, request: FastifyRequest): (row: { cuid: string; password_hash: string | null }) => boolean {
  const value = request.cookies[DEVICE_COOKIE];
  return (row) => {
    if (!value || value.length > 200) return false;
    const dot = value.lastIndexOf('.');
    if (dot <= 0 || value.slice(0, dot) !== row.cuid) return false;
    const given = Buffer.from(value.slice(dot + 1));
    const expected = Buffer.from(mac(app.services.config.sessionSecret, row.cuid, row.password_hash));
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
}

/**
 * Marks this browser as a trusted device of `cuid` (one year) after any sign-in that proves the person: password,
 * sign-up PIN, Google/Facebook, or a password reset from the e-mailed link.
 */
export async function setDeviceCookie(app: FastifyInstance, reply: FastifyReply, cuid: string): Promise<void> {
  const row = await accountsRepository.findByCuid(app.services.database, cuid);
  if (!row) return;
  reply.setCookie(DEVICE_COOKIE, `${cuid}.${mac(app.services.config.sessionSecret, cuid, row.password_hash)}`, {
    path: '/api/v1/login', httpOnly: true, sameSite: 'lax', secure: app.services.config.isProduction, maxAge: ONE_YEAR_S,
  });
}
