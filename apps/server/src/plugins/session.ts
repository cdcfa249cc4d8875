import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '@nj/db';
import {
  actorFromSession, createAnonymousSession, VISITOR, findSession, RATE_LIMITS, rateKey, requireNotLimited, SESSION_TTL_MS, type Actor, type RateLimiter, type TSession,
} from '@nj/core';
import { AppError } from '@nj/core/errors/app-error';
import { findSiteByHost } from '@nj/core/sites/find-site-by-host';
import { isSiteSessionRoute } from '@nj/core/sites/site-session-routes';
import { SITE_MESSAGES } from '@nj/contracts';

export const SESSION_COOKIE = 'nj_sid';
const ACTOR = Symbol('actor');

/**
 * Sets the session cookie (httpOnly, SameSite=Lax, Secure when `secure`, 30 days) and, in the same answer, a CSRF
 * token bound to the new session (plugins/csrf.ts). The one place the session cookie is written.
 */
export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
  reply.bindCsrfToSession(token);
}

/** Clears the session cookie (logout) and issues a CSRF token for a visitor without a session. */
export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  reply.bindCsrfToSession(null);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The session of the cookie, resolved lazily; null when none. */
    getSession(): Promise<TSession | null>;
    /**
     * The client of this request. A visitor without a session is given an anonymous client and a session cookie
     * here (spec 01 §5: search needs a client session; an anonymous one suffices). Throws AppError RATE_LIMITED
     * past RATE_LIMITS.anonymousClientPerIp new clients an hour from one IP.
     */
    ensureClient(): Promise<{ cuid: string; isAnonymous: boolean }>;
  }
}

/**
 * Server-side sessions stored in the database; the cookie holds only a random token (httpOnly, SameSite=Lax). A
 * session made by the central login for a branded site (decision 031 'Site sessions') counts only on that site's
 * host, and there only on the API routes a branded site offers (SITE_SESSION_ROUTES; others: 403).
 */
export function registerSessions(
  app: FastifyInstance, options: { database: Database; secure: boolean; limiter: RateLimiter },
): void {
  app.decorateRequest('getSession', function getSession(this: FastifyRequest) {
    throw new Error('replaced per request');
  });
  app.decorateRequest('ensureClient', function ensureClient(this: FastifyRequest) {
    throw new Error('replaced per request');
  });
  app.decorateRequest('getActor', function getActor(this: FastifyRequest) {
    throw new Error('replaced per request');
  });
  app.decorateRequest('actor', {
    getter(this: FastifyRequest) {
      return (this as unknown as { [ACTOR]?: Actor })[ACTOR] ?? VISITOR;
    },
    setter(this: FastifyRequest, actor: Actor) {
      (this as unknown as { [ACTOR]?: Actor })[ACTOR] = actor;
    },
  });
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    let cached: Promise<TSession | null> | undefined;
    request.getSession = () => {
      cached ??= (async () => {
        const token = request.cookies[SESSION_COOKIE];
        const session = token ? await findSession({ database: options.database, token }) : null;
        // Decision 031 'Site sessions': a session made for a branded site is no session on any other host.
        if (session?.siteUid) {
          const site = await findSiteByHost(options.database, request.headers.host);
          if (site?.uid !== session.siteUid) return null;
        }
        return session;
      })();
      return cached;
    };
    request.ensureClient = async () => {
      const session = await request.getSession();
      if (session) return { cuid: session.cuid, isAnonymous: session.isAnonymous };
      // Each new client is a row: an IP may create RATE_LIMITS.anonymousClientPerIp of them an hour (issue 7 §7).
      await requireNotLimited(options.limiter, [{ key: rateKey('anon-client-ip', request.clientKey), ...RATE_LIMITS.anonymousClientPerIp }]);
      const created = await createAnonymousSession({ database: options.database });
      setSessionCookie(reply, created.token, options.secure);
      const fresh: TSession = { cuid: created.cuid, isAnonymous: true, idHash: '' };
      cached = Promise.resolve(fresh);
      return { cuid: created.cuid, isAnonymous: true };
    };
    request.getActor = async () => actorFromSession(await request.getSession());
    // Decision 031 'Site sessions': on the API a branded site's session may call only what the site offers.
    if (request.cookies[SESSION_COOKIE] && request.url.startsWith('/api/') && !isSiteSessionRoute(request.method, request.routeOptions.url)) {
      const session = await request.getSession();
      if (session?.siteUid) throw new AppError('FORBIDDEN', SITE_MESSAGES.siteSessionForbidden);
    }
  });
}
