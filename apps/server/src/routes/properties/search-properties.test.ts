import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openTestDatabase, type Database } from '@nj/db';
import { SEARCH_MESSAGES, ZSearchResult } from '@nj/contracts';
import { insertTestProperties } from '@nj/core/search/testing/insert-properties';
import { createTestClientSession } from '@nj/core/likes/testing/registered-session';
import { buildApp } from '../../app.ts';
import { readServerConfig } from '../../config.ts';
import { CSRF_COOKIE } from '../../plugins/csrf.ts';
import { csrfFor } from '../../testing/test-browser.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';

// Fixtures sit around Isla Socorro (Revillagigedo), where no real listing is, so seeded demo data never interferes.
const AREA = { north: 19.0, south: 18.6, east: -110.8, west: -111.2 };
const config = readServerConfig({ SESSION_SECRET: 'x'.repeat(40), USD_MXN_RATE: '20' });
let database: Database;
let app: FastifyInstance;
let csrf: string;
let ids: { puid: string; nj_uid: string; slug: string }[];

async function search(params: Record<string, string | number>, cookies: Record<string, string> = {}) {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  return (app ?? null).inject({
    method: 'POST', url: `/api/v1/properties/search?${qs}`,
    cookies: { [CSRF_COOKIE]: csrfFor(app, cookies[SESSION_COOKIE]), ...cookies }, headers: { 'x-csrf-token': csrfFor(app, cookies[SESSION_COOKIE]) },
  });
}
const countClients = async () =>
  Number((await database.db.selectFrom('clients').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const area = (extra: Record<string, string | number> = {}) => ({ ...AREA, zoom: 11, v: 2, map: 1, ...extra });

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({ database, config });
  const first = await app.inject({ method: 'GET', url: '/api/v1/health' });
  csrf = first.cookies.find((c) => c.name === CSRF_COOKIE)!.value;
  // Inserted after the app started: every search below also proves the index catches up with the database.
  ids = await insertTestProperties(database, [
    { lat: 18.8, lng: -111.0, rooms: 1, bathrooms: 1, parking_spots: 0, rent_price: 12_000, published_at: '2024-01-01' },
    { lat: 18.81, lng: -111.01, rooms: 2, bathrooms: 2, parking_spots: 1, rent_price: 25_000, published_at: '2024-02-01', amenities: ['pool'] },
    { lat: 18.82, lng: -111.02, rooms: 3, bathrooms: 2, parking_spots: 2, rent_price: 1_000, rent_currency: 'usd', published_at: '2024-03-01' },
    { lat: 18.83, lng: -111.03, rooms: null, property_type: 'house', is_venta: true, is_renta: false, sale_price: 4_500_000, published_at: '2024-04-01', amenities: ['pool', 'garden'] },
    { lat: 18.84, lng: -111.04, rooms: 4, property_type: 'house', is_venta: true, is_renta: true, sale_price: 9_000_000, rent_price: 60_000, published_at: '2024-05-01' },
    { lat: 18.85, lng: -111.05, is_active: false, published_at: '2024-06-01' },
  ]);
  const many = Array.from({ length: 30 }, (_, i) => ({ lat: 18.7 + (i % 6) * 0.0004, lng: -110.9 + Math.floor(i / 6) * 0.0004, published_at: '2023-01-01', rent_price: 8_000 + i, rooms: 2, bathrooms: 1, parking_spots: 1 }));
  ids.push(...(await insertTestProperties(database, many)));
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('POST /api/v1/properties/search', () => {
  it('answers properties, clusters, total and location, and creates no client for a visitor without a session', async () => {
    const clientsBefore = await countClients();
    const res = await search(area());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const data = ZSearchResult.parse(body.data);
    expect(data.total).toBe(35);
    expect(data.properties).toHaveLength(20);
    expect(data.page_size).toBe(20);
    expect(data.clusters.reduce((s, c) => s + c.count, 0)).toBe(35);
    expect(data.location).toMatchObject({ country: 'México' });
    expect(data.location.lat).toBeCloseTo(18.8, 1);
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    expect(await countClients()).toBe(clientsBefore);
    const newest = data.properties[0]!;
    expect(newest.uid).toBe(ids[4]!.puid);
    expect(newest.price).toMatchObject({ op_type: 'rent', amount: 60_000, label: 'MXN $60,000/mes', amount_mxn: 60_000 });
    expect(newest.pricing.rents).toMatchObject({ price: 60_000, currency_type: 'mxn', based_on: 'valor_total', commission: { commission_type: 'none' } });
    expect(newest.pricing.sales?.price).toBe(9_000_000);
    expect(newest.is_liked).toBe(false);
    expect(newest.images).toEqual([]);
  });

  it('keeps the session of a visitor who has one', async () => {
    const sid = (await createTestClientSession(database, { anonymous: true })).token;
    const again = await search(area(), { [SESSION_COOKIE]: sid });
    expect(again.statusCode).toBe(200);
    expect(again.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
  });

  it('narrows the total with each filter', async () => {
    const total = async (extra: Record<string, string | number>) => (await search(area(extra))).json().data.total as number;
    expect(await total({ op_type: 'sale' })).toBe(2);
    expect(await total({ op_type: 'rent' })).toBe(34);
    expect(await total({ op_type: 'rent', price_min: 20_000 })).toBe(3); // 25,000; USD 1,000 = 20,000 MXN; 60,000
    expect(await total({ op_type: 'rent', price_min: 20_000, price_max: 30_000 })).toBe(2);
    expect(await total({ op_type: 'rent', price_min: 20_000, price_max: 75_000 })).toBe(3); // at the ceiling: no ceiling
    expect(await total({ op_type: 'sale', price_max: 5_000_000 })).toBe(1);
    expect(await total({ min_rooms: 2 })).toBe(33);
    expect(await total({ min_rooms: 3 })).toBe(2); // the house with unknown rooms fails a minimum
    expect(await total({ min_rooms: -1 })).toBe(35);
    expect(await total({ min_bathrooms: 2 })).toBe(2);
    expect(await total({ min_parking_spots: 1 })).toBe(32);
    expect(await total({ property_types: 'house' })).toBe(2);
    expect(await total({ property_types: 'house,apartment' })).toBe(35);
    expect(await total({ amenities: 'pool' })).toBe(2);
    expect(await total({ amenities: 'pool,garden' })).toBe(1);
    // Deactivated listings are shown to their owner only (issue 7; deactivated.test.ts): a visitor sees none.
    expect(await total({ status: 'inactive' })).toBe(0);
  });

  it('shows the operation asked for and dollars as USD', async () => {
    const sale = (await search(area({ op_type: 'sale', order_by: 'priciest' }))).json().data;
    expect(sale.properties.map((p: { price: { label: string } }) => p.price.label)).toEqual(['MXN $9,000,000', 'MXN $4,500,000']);
    const usd = (await search(area({ op_type: 'rent', price_min: 19_000, price_max: 21_000 }))).json().data;
    expect(usd.properties[0].price).toMatchObject({ label: 'USD $1,000/mes', amount_mxn: 20_000, currency_type: 'usd' });
  });

  it('orders newest, oldest, priciest and cheapest, and pages', async () => {
    const uids = async (extra: Record<string, string | number>) =>
      ((await search(area(extra))).json().data.properties as { uid: string }[]).map((p) => p.uid);
    expect((await uids({ order_by: 'newest' })).slice(0, 2)).toEqual([ids[4]!.puid, ids[3]!.puid]);
    expect((await uids({ order_by: 'oldest', op_type: 'sale' }))).toEqual([ids[3]!.puid, ids[4]!.puid]);
    // With no operation each listing is ordered by the price it shows: the sale-only house (4,500,000) comes first.
    expect((await uids({ order_by: 'priciest' }))[0]).toBe(ids[3]!.puid);
    expect((await uids({ order_by: 'priciest', op_type: 'rent' }))[0]).toBe(ids[4]!.puid);
    expect((await uids({ order_by: 'cheapest' }))[0]).toBe(ids[6]!.puid); // 8,000
    const page1 = await uids({ page: 1 });
    const page2 = await uids({ page: 2 });
    expect(page1).toHaveLength(20);
    expect(page2).toHaveLength(15);
    expect(new Set([...page1, ...page2]).size).toBe(35);
    expect(await uids({ page: 3 })).toEqual([]);
  });

  it('answers clusters at a low zoom and single price pins at a high zoom', async () => {
    const mexico = { north: 32.7, south: 14.5, east: -86.7, west: -118.4, map: 1 };
    const low = (await search({ ...mexico, zoom: 5 })).json().data;
    const mine = low.clusters.filter((c: { lat: number; lng: number }) => c.lat > 18.5 && c.lat < 19.1 && c.lng < -110.5);
    expect(mine.reduce((s: number, c: { count: number }) => s + c.count, 0)).toBe(35);
    // few listings in this viewport → pins; many → clusters
    const high = (await search({ north: 18.705, south: 18.699, east: -110.897, west: -110.901, zoom: 16, map: 1 })).json().data;
    expect(high.total).toBe(30);
    expect(high.clusters).toHaveLength(30);
    expect(high.clusters[0]).toMatchObject({ count: 1, price_label: expect.stringMatching(/^\$8 mil$/) });
    expect(high.clusters[0].uid).toMatch(/^p_/);
    expect(high.clusters[0].slug).toBeTruthy();
    const noMap = (await search({ ...AREA, zoom: 11 })).json().data;
    expect(noMap.clusters).toEqual([]);
  });

  it('drops a deactivated listing at once, in this app and in a second one sharing the database', async () => {
    const other = await buildApp({ database, config });
    try {
      const before = (await other.inject({
        method: 'POST', url: `/api/v1/properties/search?${new URLSearchParams({ ...AREA, zoom: '11' } as never)}`,
        cookies: { [CSRF_COOKIE]: csrf }, headers: { 'x-csrf-token': csrf },
      })).json().data.total;
      expect(before).toBe(35);
      await database.db.updateTable('properties').set({ is_active: false }).where('puid', '=', ids[0]!.puid).execute();
      expect((await search(area())).json().data.total).toBe(34);
      const after = await other.inject({
        method: 'POST', url: `/api/v1/properties/search?${new URLSearchParams({ ...AREA, zoom: '11' } as never)}`,
        cookies: { [CSRF_COOKIE]: csrf }, headers: { 'x-csrf-token': csrf },
      });
      expect(after.json().data.total).toBe(34);
      await database.db.deleteFrom('properties').where('puid', '=', ids[1]!.puid).execute();
      expect((await search(area())).json().data.total).toBe(33);
      await database.db.updateTable('properties').set({ is_active: true }).where('puid', '=', ids[0]!.puid).execute();
      expect((await search(area())).json().data.total).toBe(34);
    } finally {
      await other.close();
    }
  });

  it('shows a changed card at once although cards are kept in memory per version', async () => {
    const newest = async () => (await search(area())).json().data.properties[0] as { uid: string; title: string };
    const first = await newest();
    expect((await newest()).title).toBe(first.title); // the second answer comes from the kept row
    await database.db.updateTable('properties').set({ title: 'Título cambiado por otro proceso' }).where('puid', '=', first.uid).execute();
    expect((await newest()).title).toBe('Título cambiado por otro proceso');
  });

  it('sends the answer compressed when the client accepts it, the same JSON either way', async () => {
    const qs = new URLSearchParams(Object.entries(area()).map(([k, v]) => [k, String(v)])).toString();
    const send = (encoding?: string) => app.inject({
      method: 'POST', url: `/api/v1/properties/search?${qs}`,
      cookies: { [CSRF_COOKIE]: csrfFor(app) }, headers: { 'x-csrf-token': csrfFor(app), ...(encoding ? { 'accept-encoding': encoding } : {}) },
    });
    const plain = await send();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toContain('application/json');
    const br = await send('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await send('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('answers every bad parameter with a 400 and a Spanish msg, never a 500', async () => {
    const bad: [Record<string, string | number>, string][] = [
      [{ zoom: 10 }, SEARCH_MESSAGES.boundsRequired],
      [{ north: 20, south: 19, east: -100 }, SEARCH_MESSAGES.boundsRequired],
      [{ ...AREA, north: 'abc' }, SEARCH_MESSAGES.invalidParam('north')],
      [{ ...AREA, north: 95 }, SEARCH_MESSAGES.invalidBounds],
      [{ ...AREA, north: 18, south: 19 }, SEARCH_MESSAGES.invalidBounds],
      [{ ...AREA, west: 170, east: -170 }, SEARCH_MESSAGES.invalidBounds],
      [{ ...AREA, zoom: 'x' }, SEARCH_MESSAGES.invalidParam('zoom')],
      [{ ...AREA, zoom: 40 }, SEARCH_MESSAGES.invalidParam('zoom')],
      [{ ...AREA, op_type: 'renta' }, SEARCH_MESSAGES.invalidParam('op_type')],
      [{ ...AREA, price_min: -1 }, SEARCH_MESSAGES.invalidParam('price_min')],
      [{ ...AREA, price_max: 'mucho' }, SEARCH_MESSAGES.invalidParam('price_max')],
      [{ ...AREA, price_min: 5000, price_max: 100 }, SEARCH_MESSAGES.invalidParam('price_min')],
      [{ ...AREA, min_rooms: 1.5 }, SEARCH_MESSAGES.invalidParam('min_rooms')],
      [{ ...AREA, min_bathrooms: -2 }, SEARCH_MESSAGES.invalidParam('min_bathrooms')],
      [{ ...AREA, min_parking_spots: 'dos' }, SEARCH_MESSAGES.invalidParam('min_parking_spots')],
      [{ ...AREA, property_types: 'castle' }, SEARCH_MESSAGES.invalidParam('property_types')],
      [{ ...AREA, amenities: 'pool,helipad' }, SEARCH_MESSAGES.invalidParam('amenities')],
      [{ ...AREA, status: 'deleted' }, SEARCH_MESSAGES.invalidParam('status')],
      [{ ...AREA, order_by: 'random' }, SEARCH_MESSAGES.invalidParam('order_by')],
      [{ ...AREA, page: 0 }, SEARCH_MESSAGES.invalidParam('page')],
      [{ ...AREA, page: 'dos' }, SEARCH_MESSAGES.invalidParam('page')],
      [{ ...AREA, map: 'yes' }, SEARCH_MESSAGES.invalidParam('map')],
      [{ ...AREA, v: 3 }, SEARCH_MESSAGES.invalidParam('v')],
    ];
    for (const [params, msg] of bad) {
      const res = await search(params);
      expect(res.statusCode, JSON.stringify(params)).toBe(400);
      expect(res.json().msg, JSON.stringify(params)).toBe(msg);
    }
    const repeated = await app.inject({
      method: 'POST', url: '/api/v1/properties/search?north=19&north=20&south=18&east=-110&west=-111&property_types=house&property_types=land',
      cookies: { [CSRF_COOKIE]: csrf }, headers: { 'x-csrf-token': csrf },
    });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().msg).toMatch(/no es válido/);
  });

  it('refuses a search without the CSRF header', async () => {
    const res = await app.inject({ method: 'POST', url: `/api/v1/properties/search?${new URLSearchParams(AREA as never)}`, cookies: { [CSRF_COOKIE]: csrf } });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/v1/properties/:id', () => {
  it('finds a listing by uid, slug and code in any case', async () => {
    const { puid, slug, nj_uid } = ids[3]!;
    for (const id of [puid, slug, `NJ-${nj_uid.toUpperCase()}`, `nj-${nj_uid}`, `Nj-${nj_uid.toUpperCase()}`]) {
      const res = await app.inject({ method: 'GET', url: `/api/v1/properties/${encodeURIComponent(id)}` });
      expect(res.statusCode, id).toBe(200);
      expect(res.json().data).toMatchObject({
        uid: puid, slug, nj_uid, property_type: 'house', is_venta: true, amenities: ['pool', 'garden'],
        price: { op_type: 'sale', label: 'MXN $4,500,000' }, pricing: { rents: null },
      });
    }
  });

  it('answers an unknown uid, slug or code with a Spanish 404', async () => {
    for (const id of ['p_nope', 'casa-que-no-existe', 'NJ-FFFFFFFFFF', '%20']) {
      const res = await app.inject({ method: 'GET', url: `/api/v1/properties/${id}` });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ msg: SEARCH_MESSAGES.propertyNotFound, data: null });
    }
  });
});
