import type { FastifyInstance } from 'fastify';
import { CSRF_COOKIE } from '../plugins/csrf.ts';
import { SESSION_COOKIE } from '../plugins/session.ts';
import { csrfFor } from './test-browser.ts';

/** A signed-in test client's session token (createTestClientSession), or null for a visitor. */
export type TestCaller = { token: string } | null;

/**
 * For tests: one request to `app` as `who` — its session cookie, and the CSRF cookie and header a browser of that
 * session would send (so non-GET calls pass the CSRF check); `payload` as JSON.
 */
export function callAs(app: FastifyInstance, who: TestCaller, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return app.inject({
    method, url, payload: payload as never,
    cookies: { [CSRF_COOKIE]: csrfFor(app, who?.token), ...(who ? { [SESSION_COOKIE]: who.token } : {}) },
    headers: { 'x-csrf-token': csrfFor(app, who?.token) },
  });
}
