import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { CSRF_COOKIE, newCsrfToken } from '../plugins/csrf.ts';

let ipCounter = 0;

/**
 * A browser for API tests through `app.inject`: keeps cookies (dropping expired ones), fetches the CSRF cookie
 * first and echoes it in X-CSRF-TOKEN, and has its own IP address so per-IP rate limits do not cross tests.
 */
export class TestBrowser {
  cookies: Record<string, string> = {};
  readonly ip: string;

  constructor(private readonly app: FastifyInstance, ipPrefix = '10.0') {
    ipCounter++;
    this.ip = `${ipPrefix}.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
  }

  async call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    if (!this.cookies[CSRF_COOKIE]) this.keep(await this.app.inject({ method: 'GET', url: '/api/v1/health', cookies: this.cookies, remoteAddress: this.ip }));
    const res = await this.app.inject({
      method, url, payload: payload as never, cookies: this.cookies, remoteAddress: this.ip,
      headers: { 'x-csrf-token': this.cookies[CSRF_COOKIE]!, ...headers },
    });
    this.keep(res);
    return res;
  }

  keep(res: LightMyRequestResponse): void {
    for (const c of res.cookies) {
      if (c.maxAge === 0 || (c.expires && new Date(c.expires).getTime() < Date.now())) delete this.cookies[c.name];
      else this.cookies[c.name] = c.value;
    }
  }
}

const tokens = new WeakMap<FastifyInstance, Map<string, string>>();

/**
 * A CSRF token valid for the session whose cookie value is `sessionToken` (none: a visitor without a session), the
 * same string every time for the same app and session, for tests that set cookies by hand: send it as the
 * `nj_csrf` cookie and in `X-CSRF-TOKEN`.
 */
export function csrfFor(app: FastifyInstance, sessionToken?: string): string {
  let byApp = tokens.get(app);
  if (!byApp) tokens.set(app, (byApp = new Map()));
  const key = sessionToken ?? '';
  let token = byApp.get(key);
  if (!token) byApp.set(key, (token = newCsrfToken(app.services.config.sessionSecret, key)));
  return token;
}
