import { describe, expect, it } from 'vitest';
import { TestBrowser } from '../testing/test-browser.ts';
import { CSRF_COOKIE } from './csrf.ts';
import { SESSION_COOKIE } from './session.ts';
import { useTestApp } from '../testing/test-app.ts';

const t = useTestApp();

/** A concrete path for a route pattern: params filled with a harmless value. */
function concrete(url: string): string {
  return url.replace(/:[A-Za-z_]+/g, 'x1').replace(/\*$/, 'x1');
}

/** Ways of writing the same path that a prefix check on the raw URL would miss. */
function encodings(path: string): string[] {
  const encodeFirst = (p: string) => p.replace(/^\/a/, '/%61').replace(/^\/m/, '/%6d');
  return [
    path,
    encodeFirst(path),
    path.replace('/v1/', '/%76%31/'),
    `/${path.slice(1).replace(/^(\w)/, (c) => c.toUpperCase())}`,
    path.replace(/^\/api\//, '/api//'),
    path.replace(/^\/api\//, '/api/./'),
  ];
}

async function signedIn(): Promise<TestBrowser> {
  const b = new TestBrowser(t.app);
  await b.call('POST', '/api/v1/client/anonymous');
  return b;
}

describe('CSRF on the matched route, bound to the session (issue 7 finding 2)', () => {
  const mutating = () => t.app.registeredRoutes.filter((r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method) && r.csrf);

  it('knows every non-GET route of the API', () => {
    const urls = mutating().map((r) => `${r.method} ${r.url}`);
    expect(urls).toContain('POST /api/v1/login');
    expect(urls).toContain('PUT /api/v1/client');
    expect(urls.length).toBeGreaterThan(25);
  });

  it('refuses every non-GET route, under encoded and mixed-case paths, without a token', async () => {
    const browser = await signedIn();
    const reached: string[] = [];
    for (const route of mutating()) {
      for (const url of encodings(concrete(route.url))) {
        const res = await t.app.inject({
          method: route.method as 'POST', url, cookies: { [SESSION_COOKIE]: browser.cookies[SESSION_COOKIE]! },
          headers: { 'content-type': 'application/json' }, payload: '{}',
        });
        // 403 when the router matched the route; an encoding it does not match is a 404 that runs nothing.
        if (res.statusCode !== 403 && res.statusCode !== 404) reached.push(`${route.method} ${url} → ${res.statusCode}`);
        if (url === concrete(route.url) && res.statusCode !== 403) reached.push(`${route.method} ${url} → ${res.statusCode}`);
        expect(res.json().msg).toMatch(/[a-záéíóúñ]/);
      }
    }
    expect(reached).toEqual([]);
  });

  it('refuses /%61pi/v1/client (the probe\'s bypass) without a token, and the same call passes with one', async () => {
    const browser = await signedIn();
    const bypass = await t.app.inject({
      method: 'PUT', url: '/%61pi/v1/client', cookies: { [SESSION_COOKIE]: browser.cookies[SESSION_COOKIE]! },
      payload: { key: 'nickname', value: 'Intruso' },
    });
    expect(bypass.statusCode).toBe(403);
    expect(bypass.json().msg).toMatch(/sesión de seguridad/);
  });

  it('refuses another session\'s valid cookie and header pair', async () => {
    const attacker = await signedIn();
    const victim = await signedIn();
    const res = await t.app.inject({
      method: 'POST', url: '/api/v1/logout',
      cookies: { [SESSION_COOKIE]: victim.cookies[SESSION_COOKIE]!, [CSRF_COOKIE]: attacker.cookies[CSRF_COOKIE]! },
      headers: { 'x-csrf-token': attacker.cookies[CSRF_COOKIE]! },
    });
    expect(res.statusCode).toBe(403);
    // The victim's own pair works.
    const own = await victim.call('POST', '/api/v1/logout');
    expect(own.statusCode).toBe(200);
  });

  it('issues a token for the new session when the session cookie changes, so the next call passes', async () => {
    const browser = new TestBrowser(t.app);
    await browser.call('GET', '/api/v1/health');
    const before = browser.cookies[CSRF_COOKIE];
    const created = await browser.call('POST', '/api/v1/client/anonymous');
    expect(created.statusCode).toBe(200);
    expect(browser.cookies[CSRF_COOKIE]).not.toBe(before);
    // The old token (bound to "no session") no longer passes with the new session cookie.
    const stale = await t.app.inject({
      method: 'POST', url: '/api/v1/logout',
      cookies: { [SESSION_COOKIE]: browser.cookies[SESSION_COOKIE]!, [CSRF_COOKIE]: before! },
      headers: { 'x-csrf-token': before! },
    });
    expect(stale.statusCode).toBe(403);
    expect((await browser.call('POST', '/api/v1/logout')).statusCode).toBe(200);
  });
});
