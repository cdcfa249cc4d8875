import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { CSRF_COOKIE } from '../plugins/csrf.ts';

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
    if (!this.cookies[CSRF_COOKIE]) this.keep(await this.app.inject({ method: 'GET', url: '/api/v1/health', remoteAddress: this.ip }));
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
