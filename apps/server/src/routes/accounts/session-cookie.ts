import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, getClientView, signInClient, type AccountDeps, type TClientView } from '@nj/core';
import { grantSupportByEmail } from '@nj/core/accounts/grant-support-by-email';
import { ACCOUNT_MESSAGES } from '@nj/contracts';
import { clearSessionCookie as clearCookie, setSessionCookie as setCookie } from '../../plugins/session.ts';
import { setDeviceCookie } from './device-cookie.ts';

/** The account operations' dependencies from the app's services. */
export function accountDeps(app: FastifyInstance): AccountDeps {
  const { database, messaging, limiter, config } = app.services;
  return { database, messaging, limiter, publicUrl: config.publicUrl };
}

/** Sets the session cookie: httpOnly, SameSite=Lax, Secure in production, 30 days. */
export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, token: string): void {
  setCookie(reply, token, app.services.config.isProduction);
}

/** Clears the session cookie (logout). */
export function clearSessionCookie(app: FastifyInstance, reply: FastifyReply): void {
  clearCookie(reply, app.services.config.isProduction);
}

/**
 * Signs `cuid` in on this request: the browser's previous session is deleted, its anonymous likes merge into the
 * account, a NEW session cookie is set, and the browser becomes a trusted device of the account (login, sign-up,
 * OAuth; device-cookie.ts). A verified e-mail named by SUPPORT_EMAILS is granted 'support' first (grantSupportByEmail).
 * `options.siteUid`: the session belongs to that branded site (the central login's exchange; decision 031).
 * Returns the client view to answer with.
 */
export async function signInReply(
  app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, cuid: string, options: { siteUid?: string } = {},
): Promise<TClientView> {
  const previous = await request.getSession();
  const { token } = await signInClient({ database: app.services.database, cuid, previous, siteUid: options.siteUid ?? null });
  // Issue 14: a verified address named by SUPPORT_EMAILS signs in as a support user (granted once, recorded).
  await grantSupportByEmail(app.services.database, app.services.config.supportEmails, cuid);
  setSessionCookie(app, reply, token);
  await setDeviceCookie(app, reply, cuid);
  const view = await getClientView({ database: app.services.database, cuid });
  if (!view) throw new AppError('INTERNAL', ACCOUNT_MESSAGES.loginFailed);
  return view;
}
