import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TestCaller } from './call-as.ts';
import { csrfFor } from './test-browser.ts';
import { CSRF_COOKIE } from '../plugins/csrf.ts';
import { SESSION_COOKIE } from '../plugins/session.ts';

/**
 * For tests: a multipart/form-data POST as a browser sends it — the text `fields`, then the file `bytes` named `name`
 * in the field `fileField` (default 'file') — with `who`'s session cookie and CSRF token (null: a visitor).
 */
export function postMultipart(
  app: FastifyInstance, who: TestCaller, url: string, fields: Record<string, string>, file: { bytes: Buffer; name: string; field?: string },
) {
  const boundary = `----nj${randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  const body = Buffer.concat([
    ...parts,
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST', url, payload: body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-csrf-token': csrfFor(app, who?.token) },
    cookies: { [CSRF_COOKIE]: csrfFor(app, who?.token), ...(who ? { [SESSION_COOKIE]: who.token } : {}) },
  });
}
