import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { csrfFor, TestBrowser } from '../testing/test-browser.ts';
import { CSRF_COOKIE } from './csrf.ts';
import { SESSION_COOKIE } from './session.ts';
import { useTestApp } from '../testing/test-app.ts';

const t = useTestApp();

const clients = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM clients`.execute(t.database.db)).rows[0]!.n);
const HUMAN_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

describe('clients are made only when needed (issue 7 §7)', () => {
  it('a made-up session cookie with a matching CSRF token counts nothing and makes no client', async () => {
    const before = await clients();
    for (let i = 0; i < 5; i++) {
      const fake = `inventada-${i}`;
      const res = await t.app.inject({
        method: 'POST', url: '/api/v1/properties/views', remoteAddress: '10.91.0.1',
        cookies: { [SESSION_COOKIE]: fake, [CSRF_COOKIE]: csrfFor(t.app, fake) },
        headers: { 'x-csrf-token': csrfFor(t.app, fake), 'user-agent': HUMAN_UA },
        payload: { push_id: `push_fake_${i}_${Date.now()}`, data: {} },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.ignored).toBe(true);
    }
    expect(await clients()).toBe(before);
  });

  it('limits how many anonymous clients one address may create', async () => {
    let last = 0;
    for (let i = 0; i < 301 && last !== 429; i++) {
      const b = new TestBrowser(t.app);
      Object.defineProperty(b, 'ip', { value: '10.92.0.1' });
      last = (await b.call('POST', '/api/v1/client/anonymous')).statusCode;
    }
    expect(last).toBe(429);
    // Another address is not affected.
    expect((await new TestBrowser(t.app, '10.93').call('POST', '/api/v1/client/anonymous')).statusCode).toBe(200);
  });
});
