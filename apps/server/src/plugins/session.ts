import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '@nj/db';
import { COMMON_MESSAGES } from '@nj/contracts';
import { AppError, createAnonymousSession, findSession, SESSION_TTL_MS, type TSession } from '@nj/core';

export const SESSION_COOKIE = 'nj_sid';

declare module 'fastify' {
  interface FastifyRequest {
    /** The session of the cookie, resolved lazily; null when none. */
    getSession(): Promise<TSession | null>;
    /**
     * The client of this request. A visitor without a session is given an anonymous client and a session cookie
     * here (spec 01 §5: search needs a client session; an anonymous one suffices).
     */
    ensureClient(): Promise<{ cuid: string; isAnonymous: boolean }>;
    /**
     * The registered (signed-in) client of this request; throws AppError UNAUTHORIZED with 'Es necesario iniciar
     * sesión para continuar' for a visitor or an anonymous client. Every call that needs an account starts here.
     */
    requireRegisteredClient(): Promise<{ cuid: string }>;
  }
}

/** Server-side sessions stored in the database; the cookie holds only a random token (httpOnly, SameSite=Lax). */
export function registerSessions(app: FastifyInstance, options: { database: Database; secure: boolean }): void {
  app.decorateRequest('getSession', function getSession(this: FastifyRequest) {
    throw new Error('replaced per request');
  });
  app.decorateRequest('ensureClient', function ensureClient(this: FastifyRequest) {
    throw new Error('replaced per request');
  });
  app.decorateRequest('requireRegisteredClient', function requireRegisteredClient(this: FastifyRequest) {
    throw new Error('replaced per request');
  });
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    let cached: Promise<TSession | null> | undefined;
    request.getSession = () => {
      cached ??= (async () => {
        const token = request.cookies[SESSION_COOKIE];
        return token ? findSession({ database: options.database, token }) : null;
      })();
      return cached;
    };
    request.ensureClient = async () => {
      const session = await request.getSession();
      if (session) return { cuid: session.cuid, isAnonymous: session.isAnonymous };
      const created = await createAnonymousSession({ database: options.database });
      reply.setCookie(SESSION_COOKIE, created.token, {
        path: '/', httpOnly: true, sameSite: 'lax', secure: options.secure, maxAge: Math.floor(SESSION_TTL_MS / 1000),
      });
      const fresh: TSession = { cuid: created.cuid, isAnonymous: true, idHash: '' };
      cached = Promise.resolve(fresh);
      return { cuid: created.cuid, isAnonymous: true };
    };
    request.requireRegisteredClient = async () => {
      const session = await request.getSession();
      if (!session || session.isAnonymous) throw new AppError('UNAUTHORIZED', COMMON_MESSAGES.loginRequired);
      return { cuid: session.cuid };
    };
  });
}
