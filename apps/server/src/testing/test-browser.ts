import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { CSRF_COOKIE, newCsrfToken } from '../plugins/csrf.ts';

let ipCounter = 0;

/** One file part of TestBrowser.multipart. */
export type MultipartFile = { buf: Buffer; name: string; type?: string; field?: string };

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

  /**
   * POSTs a multipart form: `fields` as text parts, then each file as a part named `field` (default 'images', the
   * listing photo calls' field) with its filename and content type (default image/jpeg).
   */
  multipart(url: string, fields: Record<string, string>, files: MultipartFile[]): Promise<LightMyRequestResponse> {
    const boundary = '----nj' + Math.random().toString(16).slice(2);
    const chunks: Buffer[] = [];
    for (const [k, v] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
    for (const f of files) {
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'images'}"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'image/jpeg'}\r\n\r\n`;
      chunks.push(Buffer.from(head), f.buf, Buffer.from('\r\n'));
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return this.call('POST', url, Buffer.concat(chunks), { 'content-type': `multipart/form-data; boundary=${boundary}` });
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
