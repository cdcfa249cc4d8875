import { expect, test } from '@playwright/test';

/**
 * Issue 7 finding 6 against the real server with its pages: a method a page lacks answers 405 with Allow (no page
 * route has an action), an `/api` path no route takes is a JSON 404 however it is spelled (never the HTML 404
 * page), and NUL bytes in a path or query are a 400 — every one with a Spanish `{ msg }`.
 */
test('pages answer 405 to other methods; unknown /api paths are JSON 404s; NUL bytes are 400s', async ({ request, baseURL }) => {
  await request.get('/api/v1/health');
  const csrf = (await request.storageState()).cookies.find((c) => c.name === 'nj_csrf')?.value ?? '';
  const headers = { 'X-CSRF-TOKEN': csrf };

  for (const [method, path] of [['POST', '/propiedades'], ['PUT', '/'], ['DELETE', '/propiedades-en-renta'], ['PATCH', '/cuenta']] as const) {
    const res = await request.fetch(path, { method, headers, data: 'a=1', failOnStatusCode: false });
    expect(res.status(), `${method} ${path}`).toBe(405);
    expect(res.headers().allow, `${method} ${path}`).toBe('GET, HEAD');
    expect(res.headers()['content-type'], `${method} ${path}`).toMatch(/^application\/json/);
    expect((await res.json()).msg, `${method} ${path}`).toMatch(/[a-záéíóúñ]/);
  }

  // `//api/…` in full: as a relative URL it would name a host called "api".
  for (const path of ['/api/v1/no-existe', '/API/v1/health', `${baseURL}//api/v1/health`, '/%61pi/v1/no-existe', '/api']) {
    const res = await request.get(path, { failOnStatusCode: false });
    expect(res.status(), path).toBe(404);
    expect(res.headers()['content-type'], path).toMatch(/^application\/json/);
    expect((await res.json()).msg, path).toBe('La ruta solicitada no existe');
  }

  for (const path of ['/propiedades%00', '/propiedades?opType=renta%00', '/api/v1/places/autocomplete?q=a%00']) {
    const res = await request.get(path, { failOnStatusCode: false });
    expect(res.status(), path).toBe(400);
    expect((await res.json()).msg, path).toBe('La dirección solicitada no es válida');
  }
});
