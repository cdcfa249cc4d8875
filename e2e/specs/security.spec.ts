import { expect, test } from '@playwright/test';

/**
 * Issue 7 §7: every page answers with the security headers, and its inline scripts run only by the request's CSP
 * nonce (no 'unsafe-inline' for scripts). Personal API answers are never cached.
 */
const PAGES = [
  '/', '/propiedades', '/propiedades?opType=renta', '/propiedades-en-renta', '/favoritos', '/cuenta', '/crear-propiedad',
  '/mis-propiedades', '/restablecer-contrasena?token=x', '/referencia?token=x', '/no-existe-esta-pagina', '/dev/correos',
];

test('every page carries the security headers and a per-request script nonce', async ({ request }) => {
  await request.get('/api/v1/health');
  const csrf = (await request.storageState()).cookies.find((c) => c.name === 'nj_csrf')?.value ?? '';
  const search = await request.post('/api/v1/properties/search?north=20.75&south=20.6&east=-103.3&west=-103.45&zoom=12', {
    headers: { 'X-CSRF-TOKEN': csrf },
  });
  expect(search.ok()).toBeTruthy();
  const slug = (await search.json()).data.properties[0]?.slug as string | undefined;
  expect(slug, 'a listing in Guadalajara to open').toBeTruthy();
  const pages = [...PAGES, `/propiedades/${slug}`];
  const nonces = new Set<string>();
  for (const path of pages) {
    const res = await request.get(path);
    expect(res.status(), path).toBeLessThan(500);
    const h = res.headers();
    const csp = h['content-security-policy'] ?? '';
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc, path).not.toContain('unsafe-inline');
    const nonce = /'nonce-([A-Za-z0-9_-]{16,})'/.exec(scriptSrc)?.[1];
    expect(nonce, path).toBeTruthy();
    nonces.add(nonce!);
    expect(csp, path).toContain("frame-ancestors 'none'");
    expect(csp, path).toContain("object-src 'none'");
    expect(h['permissions-policy'], path).toContain('camera=()');
    expect(h['x-content-type-options'], path).toBe('nosniff');
    expect(h['referrer-policy'], path).toBeTruthy();
    const html = await res.text();
    // Every executable script (JSON data blocks are not) carries this response's nonce.
    const executable = (html.match(/<script\b[^>]*>/g) ?? []).filter((tag) => !/type="application\/(ld\+)?json"/.test(tag));
    for (const tag of executable) expect(tag, `${path}: ${tag}`).toContain(`nonce="${nonce}"`);
  }
  expect(nonces.size).toBe(pages.length); // a new nonce for every answer, cached pages included
});

test('personal API answers are not cached', async ({ request }) => {
  for (const path of ['/api/v1/properties/liked', '/api/v1/client', '/api/v1/property/draft']) {
    const res = await request.get(path);
    expect(res.headers()['cache-control'], path).toContain('no-store');
  }
});

test('pages answer a malformed session cookie without an error', async ({ playwright, baseURL }) => {
  const hostile = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { cookie: 'nj_sid=%; nj_csrf=%E0%A4' } });
  for (const path of ['/', '/propiedades', '/favoritos', '/propiedades/no-existe-nj-0000']) {
    const res = await hostile.get(path);
    expect(res.status(), path).toBeLessThan(500);
  }
  await hostile.dispose();
});
