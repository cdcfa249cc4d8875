import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { readServerConfig } from '../config.ts';
import { TestBrowser } from '../testing/test-browser.ts';
import { useTestApp } from '../testing/test-app.ts';

const t = useTestApp();

describe('security headers (issue 7 §7)', () => {
  it('sends a nonce CSP without unsafe-inline scripts, a Permissions-Policy and no-store on personal answers', async () => {
    const b = new TestBrowser(t.app);
    await b.call('POST', '/api/v1/client/anonymous');
    const nonces = new Set<string>();
    for (const url of ['/api/v1/client/session', '/api/v1/properties/liked', '/api/v1/property/draft', '/api/v1/health']) {
      const res = await b.call(url === '/api/v1/client/session' ? 'POST' : 'GET', url);
      const csp = String(res.headers['content-security-policy']);
      const scriptSrc = /script-src ([^;]*)/.exec(csp)![1]!;
      expect(scriptSrc).not.toContain('unsafe-inline');
      nonces.add(/'nonce-([^']+)'/.exec(scriptSrc)![1]!);
      expect(String(res.headers['permissions-policy'])).toContain('camera=()');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(String(res.headers['cache-control']), url).toContain('no-store');
    }
    expect(nonces.size).toBe(4);
  });

  it('keeps the public caches it chose (boundaries, media)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/map/style.json' });
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('builds the map style URLs from PUBLIC_URL or the Host header, never from X-Forwarded-Host', async () => {
    const forged = await t.app.inject({
      method: 'GET', url: '/api/v1/map/style.json',
      headers: { host: '127.0.0.1:3000', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'javascript' },
    });
    const text = forged.body;
    expect(text).not.toContain('evil.example');
    expect(text).toContain('http://127.0.0.1:3000/api/v1/map/tiles/');
    const odd = await t.app.inject({ method: 'GET', url: '/api/v1/map/style.json', headers: { host: 'a"b/c' } });
    expect(odd.body).not.toContain('a"b');
    const fixed = await buildApp({ database: t.database, config: readServerConfig({ SESSION_SECRET: 's'.repeat(40), PUBLIC_URL: 'https://nj.example.mx' }) });
    try {
      const res = await fixed.inject({ method: 'GET', url: '/api/v1/map/style.json', headers: { host: 'other.example' } });
      expect(res.body).toContain('https://nj.example.mx/api/v1/map/tiles/');
      expect(res.body).not.toContain('other.example');
    } finally {
      await fixed.close();
    }
  });

  it('serves Swagger UI in production only when ENABLE_API_DOCS=1', async () => {
    const env = { SESSION_SECRET: 's'.repeat(40), DATA_ENCRYPTION_KEY: 'a'.repeat(64), NODE_ENV: 'production', PUBLIC_URL: 'https://nj.example.mx' };
    const prod = await buildApp({ database: t.database, config: readServerConfig(env) });
    const docs = await buildApp({ database: t.database, config: readServerConfig({ ...env, ENABLE_API_DOCS: '1' }) });
    try {
      expect((await prod.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
      expect((await prod.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
      expect((await docs.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
    } finally {
      await prod.close();
      await docs.close();
    }
  });
});
