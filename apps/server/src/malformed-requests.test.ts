import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openTestDatabase, type Database } from '@nj/db';
import { buildApp } from './app.ts';
import { readServerConfig } from './config.ts';
import { CSRF_COOKIE } from './plugins/csrf.ts';

/**
 * Issue 2 §6: bad input never produces a 500, and every 4xx answer carries a Spanish `msg`. A table of malformed
 * requests against every endpoint of this issue.
 */
let database: Database;
let app: FastifyInstance;
let csrf: string;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({ database, config: readServerConfig({ SESSION_SECRET: 'x'.repeat(40) }) });
  csrf = (await app.inject({ method: 'GET', url: '/api/v1/health' })).cookies.find((c) => c.name === CSRF_COOKIE)!.value;
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const B = 'north=20.7&south=20.6&east=-103.3&west=-103.4';
const cases: [method: 'GET' | 'POST', url: string, body?: string][] = [
  ['POST', '/api/v1/properties/search'],
  ['POST', '/api/v1/properties/search?north=abc&south=1&east=1&west=0'],
  ['POST', `/api/v1/properties/search?${B}&zoom=NaN`],
  ['POST', `/api/v1/properties/search?${B}&zoom=99`],
  ['POST', `/api/v1/properties/search?${B}&page=0`],
  ['POST', `/api/v1/properties/search?${B}&page=1e400`],
  ['POST', `/api/v1/properties/search?${B}&price_min=-5`],
  ['POST', `/api/v1/properties/search?${B}&price_min=900&price_max=100`],
  ['POST', `/api/v1/properties/search?${B}&property_types=castillo`],
  ['POST', `/api/v1/properties/search?${B}&property_types=house&property_types=land`],
  ['POST', `/api/v1/properties/search?${B}&amenities=helipuerto`],
  ['POST', `/api/v1/properties/search?${B}&op_type=alquiler`],
  ['POST', `/api/v1/properties/search?${B}&order_by=random`],
  ['POST', `/api/v1/properties/search?${B}&status=deleted`],
  ['POST', `/api/v1/properties/search?${B}&min_rooms=2.5`],
  ['POST', `/api/v1/properties/search?north=10&south=20&east=-103.3&west=-103.4`],
  ['POST', `/api/v1/properties/search?${B}`, '{"broken": '],
  ['GET', '/api/v1/properties/%00%ff'],
  ['GET', `/api/v1/properties/${'x'.repeat(400)}`],
  ['GET', "/api/v1/properties/NJ-'; DROP TABLE properties;--"],
  ['GET', '/api/v1/places/autocomplete?q=%F0%9F%8F%A0%27%22%3B'],
  ['GET', `/api/v1/places/autocomplete?q=${'a'.repeat(2000)}`],
  ['GET', '/api/v1/places/autocomplete?q=a&q=b&limit=-3'],
  ['GET', '/api/v1/places/%20'],
  ['GET', '/api/v1/map/boundaries/../../etc/passwd.geojson'],
  ['GET', '/api/v1/map/boundaries/nada.geojson'],
];

describe('malformed requests', () => {
  it.each(cases)('%s %s is answered below 500 with a msg', async (method, url, body) => {
    const res = await app.inject({
      method, url, cookies: { [CSRF_COOKIE]: csrf }, headers: { 'x-csrf-token': csrf, 'content-type': 'application/json' },
      ...(body !== undefined ? { payload: body } : {}),
    });
    expect(res.statusCode).toBeLessThan(500);
    const answer = res.json() as { msg: unknown; data: unknown };
    expect(typeof answer.msg).toBe('string');
    if (res.statusCode >= 400) {
      // Spanish, not a library's English default.
      expect(answer.msg).not.toMatch(/\b(Invalid|expected|received|Required|must be)\b/);
      expect((answer.msg as string).length).toBeGreaterThan(5);
    }
  });

  it('still has its listings after the injection attempt', async () => {
    const r = await database.db.selectFrom('properties').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    expect(Number(r?.n)).toBeGreaterThan(0);
  });
});
