import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openTestDatabase, type Database } from '@nj/db';
import { buildApp } from './app.ts';
import { readServerConfig } from './config.ts';
import { CSRF_COOKIE } from './plugins/csrf.ts';

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({ database, config: readServerConfig({ SESSION_SECRET: 'x'.repeat(40) }) });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('foundation', () => {
  it('answers { msg, data } and sets a CSRF cookie', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ msg: 'OK', data: { ok: true } });
    expect(res.cookies.find((c) => c.name === CSRF_COOKIE)?.value).toMatch(/\./);
  });

  it('answers an unknown /api path with a Spanish 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ msg: 'La ruta solicitada no existe', data: null });
  });

  it('refuses a mutation without the CSRF header, and with a forged one', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/v1/health' });
    const token = first.cookies.find((c) => c.name === CSRF_COOKIE)!.value;
    const missing = await app.inject({ method: 'POST', url: '/api/v1/logout', cookies: { [CSRF_COOKIE]: token } });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().msg).toMatch(/sesión de seguridad/);
    const forged = await app.inject({
      method: 'POST', url: '/api/v1/logout', cookies: { [CSRF_COOKIE]: 'abc.def' }, headers: { 'x-csrf-token': 'abc.def' },
    });
    expect(forged.statusCode).toBe(403);
    const ok = await app.inject({
      method: 'POST', url: '/api/v1/logout', cookies: { [CSRF_COOKIE]: token }, headers: { 'x-csrf-token': token },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('answers malformed JSON with a 400 and a Spanish msg, never a 500', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/v1/health' });
    const token = first.cookies.find((c) => c.name === CSRF_COOKIE)!.value;
    const res = await app.inject({
      method: 'POST', url: '/api/v1/health', cookies: { [CSRF_COOKIE]: token },
      headers: { 'x-csrf-token': token, 'content-type': 'application/json' }, payload: '{"a":',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(typeof res.json().msg).toBe('string');
  });

  it('serves the OpenAPI document', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/v1/health']).toBeDefined();
  });
});
