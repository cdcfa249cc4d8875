import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ZPlaceSuggestion } from '@nj/contracts';
import { openTestDatabase, type Database } from '@nj/db';
import { buildApp } from '../../app.ts';
import { readServerConfig } from '../../config.ts';

let database: Database;
let app: FastifyInstance;
let redirecting: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({ database, config: readServerConfig({ SESSION_SECRET: 'x'.repeat(40) }) });
  redirecting = await buildApp({
    database, config: readServerConfig({ SESSION_SECRET: 'x'.repeat(40), MAP_STYLE_URL: 'https://tiles.example.mx/style.json' }),
  });
});
afterAll(async () => {
  await app?.close();
  await redirecting?.close();
  await database?.close();
});

describe('GET /api/v1/places/autocomplete', () => {
  it('answers { msg, data: { suggestions } } in the contract shape', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/places/autocomplete?q=Guadalajara' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.msg).toBe('OK');
    expect(body.data.suggestions[0]).toMatchObject({ label: 'Guadalajara, Jalisco', kind: 'locality' });
    for (const s of body.data.suggestions) expect(() => ZPlaceSuggestion.parse(s)).not.toThrow();
  });

  it('honours limit and clamps it', async () => {
    const three = await app.inject({ method: 'GET', url: '/api/v1/places/autocomplete?q=san&limit=3' });
    expect(three.json().data.suggestions).toHaveLength(3);
    const many = await app.inject({ method: 'GET', url: '/api/v1/places/autocomplete?q=san&limit=999' });
    expect(many.statusCode).toBe(200);
    expect(many.json().data.suggestions.length).toBeLessThanOrEqual(20);
  });

  it('never fails: odd input gives 200 and an empty list', async () => {
    const odd = [
      '', '?q=', '?q=%20%20', '?q=%F0%9F%8F%A0', `?q=${'a'.repeat(600)}`, "?q='%3B%20DROP%20TABLE%20places%3B--",
      '?q=%25%5F', '?q=a&q=b&q=c', '?q[]=x', '?limit=abc&q=%2C%2C', '?q=%E0%A4',
    ];
    for (const qs of odd) {
      const res = await app.inject({ method: 'GET', url: `/api/v1/places/autocomplete${qs}` });
      expect(res.statusCode, qs).toBe(200);
      expect(Array.isArray(res.json().data.suggestions), qs).toBe(true);
    }
    // A NUL byte in a query is refused before any route runs (issue 7 finding 6), in Spanish.
    const nul = await app.inject({ method: 'GET', url: '/api/v1/places/autocomplete?q=%00' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().msg).toMatch(/no es válida/);
    const blank = await app.inject({ method: 'GET', url: '/api/v1/places/autocomplete?q=%F0%9F%8F%A0' });
    expect(blank.json().data.suggestions).toEqual([]);
  });
});

describe('GET /api/v1/places/{slug}', () => {
  it('answers a place by slug', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/places/providencia-guadalajara' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ label: 'Providencia, Guadalajara, Jalisco', kind: 'neighbourhood' });
    expect((await app.inject({ method: 'GET', url: '/api/v1/places/ciudad-de-mexico' })).json().data.kind).toBe('region');
  });
  it('answers an unknown place with a Spanish 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/places/no-existe-xyz' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ msg: 'No encontramos ese lugar', data: null });
  });
});

describe('offline map style', () => {
  // The style itself (vector tiles, names, glyphs) is tested in routes/map/map.test.ts.
  it('serves the boundaries gzip-compressed with long cache headers and an ETag', async () => {
    for (const layer of ['states', 'municipalities', 'colonias']) {
      const res = await app.inject({ method: 'GET', url: `/api/v1/map/boundaries/${layer}.geojson`, headers: { 'accept-encoding': 'gzip' } });
      expect(res.statusCode, layer).toBe(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['cache-control']).toMatch(/max-age=\d{6,}/);
      const fc = JSON.parse(gunzipSync(res.rawPayload).toString('utf8'));
      expect(fc.type).toBe('FeatureCollection');
      expect(fc.features.length).toBeGreaterThan(30);
      const again = await app.inject({ method: 'GET', url: `/api/v1/map/boundaries/${layer}.geojson`, headers: { 'if-none-match': String(res.headers.etag) } });
      expect(again.statusCode).toBe(304);
    }
    const plain = await app.inject({ method: 'GET', url: '/api/v1/map/boundaries/states.geojson', headers: { 'accept-encoding': 'identity' } });
    expect(plain.json().type).toBe('FeatureCollection');
    const unknown = await app.inject({ method: 'GET', url: '/api/v1/map/boundaries/../../etc/passwd' });
    expect(unknown.statusCode).toBe(404);
    const other = await app.inject({ method: 'GET', url: '/api/v1/map/boundaries/roads.geojson' });
    expect(other.statusCode).toBe(404);
    expect(other.json().msg).toBe('No encontramos ese mapa');
  });

  it('redirects to MAP_STYLE_URL when it is set', async () => {
    const res = await redirecting.inject({ method: 'GET', url: '/api/v1/map/style.json' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://tiles.example.mx/style.json');
  });
});
