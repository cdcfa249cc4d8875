import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { openTestDatabase, type Database } from '@nj/db';
import { COMMON_MESSAGES, encodeDrawnArea, SAVED_SEARCH_MESSAGES as M, ZSavedSearch, ZSavedSearchList } from '@nj/contracts';
import { insertTestProperties } from '@nj/core/search/testing/insert-properties';
import { createTestClientSession, createTestClientWithEmail } from '@nj/core/likes/testing/registered-session';
import { matchChangedListings, sendAlertDigests } from '@nj/core/saved-searches/alert-jobs';
import { issueSavedSearchToken } from '@nj/core/saved-searches/saved-search-token';
import { runDueJobs } from '@nj/core/jobs/job-worker';
import { EMAIL_JOB, emailJob } from '@nj/core/messaging/send-email';
import { outboxRepository } from '@nj/core/messaging/outbox-repository';
import { buildApp } from '../../app.ts';
import { readServerConfig } from '../../config.ts';
import { CSRF_COOKIE } from '../../plugins/csrf.ts';
import { csrfFor } from '../../testing/test-browser.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';

// Fixtures around Isla Socorro (Revillagigedo), where no seeded listing and no other test file's fixtures are.
const BOX = { north: 18.9, south: 18.7, east: -110.9, west: -111.1 };
const QUERY = `north=${BOX.north}&south=${BOX.south}&east=${BOX.east}&west=${BOX.west}&zoom=12&opType=renta&maxBudget=30000`;
// A triangle inside the box: its south-west half.
const TRIANGLE: [number, number][] = [[-111.08, 18.72], [-110.92, 18.72], [-111.08, 18.88]];
const SECRET = 'x'.repeat(40);
const config = readServerConfig({ SESSION_SECRET: SECRET, USD_MXN_RATE: '20' });
const PUBLIC_URL = 'https://nj.example';
let database: Database;
let app: FastifyInstance;
let alice: { cuid: string; token: string };
let bob: { cuid: string; token: string };
type Who = { token: string } | null;
const cookies = (who: Who) => ({ [CSRF_COOKIE]: csrfFor(app, who?.token), ...(who ? { [SESSION_COOKIE]: who.token } : {}) });
const call = (who: Who, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) => app.inject({
  method, url, cookies: cookies(who), headers: { 'x-csrf-token': csrfFor(app, who?.token) }, ...(payload === undefined ? {} : { payload: payload as object }),
});
const list = async (who: Who) => ZSavedSearchList.parse((await call(who, 'GET', '/api/v1/saved-searches')).json().data).searches;
const messaging = () => ({ database, smtpUrl: undefined, isProduction: false, from: undefined });
const alertDeps = () => ({ database, messaging: messaging(), publicUrl: PUBLIC_URL, secret: SECRET, rates: { usd: 20, eur: 22 } });
async function runAlerts(): Promise<{ listings: number; matches: number; alerts: number }> {
  const r = await matchChangedListings(alertDeps());
  await runDueJobs(database, { [EMAIL_JOB]: emailJob(messaging()) }, [EMAIL_JOB]);
  return r;
}
const mails = (to: string) => outboxRepository.list(database, { to, limit: 50 });

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({ database, config });
  alice = await createTestClientWithEmail(database, 'alicia.busca@example.com');
  bob = await createTestClientWithEmail(database, 'beto.busca@example.com');
  await matchChangedListings(alertDeps()); // the first run only sets the watermark
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('saved searches API', () => {
  it('saves, lists, renames and deletes the client’s own searches', async () => {
    const res = await call(alice, 'POST', '/api/v1/saved-searches', { name: 'Socorro', query: `?${QUERY}` });
    expect(res.statusCode).toBe(201);
    expect(res.json().msg).toBe(M.saved);
    const saved = ZSavedSearch.parse(res.json().data);
    expect(saved).toMatchObject({ name: 'Socorro', query: QUERY, frequency: 'daily', whatsapp: true, new_count: 0 });
    expect((await list(alice)).map((s) => s.id)).toEqual([saved.id]);
    expect(await list(bob)).toEqual([]);

    const patch = await call(alice, 'PATCH', `/api/v1/saved-searches/${saved.id}`, { name: 'Isla', frequency: 'weekly' });
    expect(patch.statusCode).toBe(200);
    expect((await list(alice))[0]).toMatchObject({ name: 'Isla', frequency: 'weekly' });
    const del = await call(alice, 'DELETE', `/api/v1/saved-searches/${saved.id}`);
    expect(del.json()).toEqual({ msg: M.deleted, data: null });
    expect(await list(alice)).toEqual([]);
  });

  it('answers 404 to another client and changes nothing', async () => {
    const saved = (await call(alice, 'POST', '/api/v1/saved-searches', { name: 'Mía', query: QUERY })).json().data;
    for (const r of [
      await call(bob, 'PATCH', `/api/v1/saved-searches/${saved.id}`, { name: 'Robada' }),
      await call(bob, 'DELETE', `/api/v1/saved-searches/${saved.id}`),
      await call(alice, 'DELETE', '/api/v1/saved-searches/999999999'),
    ]) {
      expect(r.statusCode).toBe(404);
      expect(r.json().msg).toBe(M.notFound);
    }
    expect((await list(alice)).find((s) => s.id === saved.id)?.name).toBe('Mía');
    await call(alice, 'DELETE', `/api/v1/saved-searches/${saved.id}`);
  });

  it('answers 401 to a visitor and an anonymous client, 400 in Spanish to bad input', async () => {
    const visitor = await call(null, 'GET', '/api/v1/saved-searches');
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().msg).toBe(COMMON_MESSAGES.loginRequired);
    const anonymous = await createTestClientSession(database, { anonymous: true });
    expect((await call(anonymous, 'POST', '/api/v1/saved-searches', { name: 'x', query: QUERY })).statusCode).toBe(401);
    const bad = [
      { name: '', query: QUERY }, { name: 'x'.repeat(81), query: QUERY }, { name: 'a', query: `${QUERY}&area=%%%` },
      { name: 'a', query: QUERY, frequency: 'hourly' }, { name: 'a', query: 'x\u0001' },
    ];
    for (const body of bad) {
      const r = await call(alice, 'POST', '/api/v1/saved-searches', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await list(alice)).toEqual([]);
  });
});

describe('hostile input', () => {
  it('never answers 5xx, and every 4xx carries a msg', async () => {
    const requests: [Who, 'GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown][] = [
      [alice, 'PATCH', '/api/v1/saved-searches/abc', { name: 'x' }], [alice, 'PATCH', '/api/v1/saved-searches/1', null],
      [alice, 'PATCH', '/api/v1/saved-searches/99999999999999999999', {}], [alice, 'DELETE', '/api/v1/saved-searches/-1', undefined],
      [alice, 'POST', '/api/v1/saved-searches', 'texto'], [alice, 'POST', '/api/v1/saved-searches', { name: 'a', query: 5 }],
      [alice, 'POST', '/api/v1/saved-searches', { name: 'a', query: 'x'.repeat(7000) }],
      [alice, 'POST', '/api/v1/saved-searches', { name: 'a', query: 'cerca=1,2,3' }],
      [null, 'POST', '/api/v1/saved-searches/unsubscribe', { token: 5 }], [null, 'POST', '/api/v1/saved-searches/unsubscribe', 'x'],
      [null, 'POST', '/api/v1/saved-searches/unsubscribe?token=1.2.3', undefined], [null, 'POST', `/api/v1/saved-searches/unsubscribe?token=${'9'.repeat(19)}.x`, undefined],
    ];
    for (const [who, method, url, body] of requests) {
      const r = await call(who, method, url, body);
      expect(r.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(r.statusCode, `${method} ${url}`).toBeLessThan(500);
      expect(typeof r.json().msg, `${method} ${url}`).toBe('string');
    }
  });
});

describe('alerts', () => {
  it('an instant search gets a matching new listing once, by e-mail, with the unsubscribe link working', async () => {
    const area = encodeURIComponent(encodeDrawnArea([TRIANGLE]));
    const s = (await call(bob, 'POST', '/api/v1/saved-searches', { name: 'Triángulo', query: `${QUERY}&area=${area}`, frequency: 'instant' })).json().data;
    const other = (await call(alice, 'POST', '/api/v1/saved-searches', { name: 'Venta', query: QUERY.replace('renta', 'venta').replace('maxBudget=30000', 'maxBudget=35000000'), frequency: 'instant' })).json().data;
    const [inside, outsidePolygon, pricey] = await insertTestProperties(database, [
      { lat: 18.74, lng: -111.06, title: 'Casa dentro del triángulo', images: JSON.stringify([{ name: 'a1', order: 0 }]) },
      { lat: 18.86, lng: -110.93 }, // in the box, not in the triangle
      { lat: 18.74, lng: -111.05, rent_price: 50_000 }, // over the budget
    ]);
    const r = await runAlerts();
    expect(r.alerts).toBe(1);
    const mine = await mails('beto.busca@example.com');
    expect(mine).toHaveLength(1);
    expect(mine[0]!.subject).toBe(M.alertSubject(1, 'Triángulo'));
    expect(mine[0]!.html).toContain('Casa dentro del triángulo');
    expect(mine[0]!.html).toContain(`${PUBLIC_URL}/media/`);
    expect(mine[0]!.text).toContain(inside!.slug);
    expect(mine[0]!.text).not.toContain(outsidePolygon!.slug);
    expect(mine[0]!.text).not.toContain(pricey!.slug);
    expect(await mails('alicia.busca@example.com')).toEqual([]);
    expect((await list(bob)).find((x) => x.id === s.id)?.new_count).toBe(1);

    // A change of the same listing (price edit) raises change_seq; it is not sent again.
    await sql`UPDATE properties SET rent_price = 19000 WHERE puid = ${inside!.puid}`.execute(database.db);
    expect((await runAlerts()).alerts).toBe(0);
    expect(await mails('beto.busca@example.com')).toHaveLength(1);

    // Visiting resets the count.
    await call(bob, 'PATCH', `/api/v1/saved-searches/${s.id}`, { visited: true });
    expect((await list(bob)).find((x) => x.id === s.id)?.new_count).toBe(0);

    // The unsubscribe link works signed out, and a forged one does not.
    const link = mine[0]!.links.find((l) => l.includes('/busquedas-guardadas/baja?token='))!;
    const token = new URL(link).searchParams.get('token')!;
    expect(token).toBe(issueSavedSearchToken({ secret: SECRET, id: s.id }));
    const forged = await app.inject({ method: 'POST', url: '/api/v1/saved-searches/unsubscribe', payload: { token: `${s.id}.abc` } });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().msg).toBe(M.invalidToken);
    const off = await app.inject({ method: 'POST', url: `/api/v1/saved-searches/unsubscribe?token=${encodeURIComponent(token)}` });
    expect(off.statusCode).toBe(200);
    expect(off.json().msg).toBe(M.unsubscribed('Triángulo'));
    expect((await list(bob)).find((x) => x.id === s.id)?.frequency).toBe('off');
    await insertTestProperties(database, [{ lat: 18.74, lng: -111.07 }]);
    await runAlerts();
    expect(await mails('beto.busca@example.com')).toHaveLength(1);
    await call(alice, 'DELETE', `/api/v1/saved-searches/${other.id}`);
  });

  it('a search saved on a place page covers the place’s outline, not the map’s bounds at the time', async () => {
    // Saved on /departamentos-en-renta-en-guadalajara with the map on its west side, which shows part of Zapopan.
    const q = 'north=20.75&south=20.64&east=-103.36&west=-103.42&zoom=13&opType=renta&minBudget=27123&maxBudget=27125';
    const unknown = await call(bob, 'POST', '/api/v1/saved-searches', { name: 'Nada', query: `${q}&place=no-existe-este-lugar`, frequency: 'instant' });
    expect([unknown.statusCode, unknown.json().msg]).toEqual([400, M.invalidQuery]);
    const s = (await call(bob, 'POST', '/api/v1/saved-searches', { name: 'Guadalajara', query: `${q}&place=guadalajara`, frequency: 'instant' })).json().data;
    const [seen, eastOfTheMap, zapopan] = await insertTestProperties(database, [
      { lat: 20.66, lng: -103.39, rent_price: 27_124 }, // Guadalajara, on the map
      { lat: 20.6767, lng: -103.3475, rent_price: 27_124 }, // Guadalajara, east of the map
      { lat: 20.7214, lng: -103.3912, rent_price: 27_124, municipality: 'Zapopan' }, // on the map, in Zapopan
    ]);
    await runAlerts();
    const mail = (await mails('beto.busca@example.com')).find((m) => m.subject?.includes('Guadalajara'));
    expect(mail?.subject).toBe(M.alertSubject(2, 'Guadalajara'));
    expect(mail!.text).toContain(seen!.slug);
    expect(mail!.text).toContain(eastOfTheMap!.slug);
    expect(mail!.text).not.toContain(zapopan!.slug);
    await call(bob, 'DELETE', `/api/v1/saved-searches/${s.id}`);
  });

  it('a listing already there when the search is saved is not news, even when it is viewed afterwards', async () => {
    const [before] = await insertTestProperties(database, [{ lat: 18.75, lng: -111.0, title: 'Casa de antes' }]);
    const s = (await call(alice, 'POST', '/api/v1/saved-searches', { name: 'Caja', query: QUERY, frequency: 'instant' })).json().data;
    // The search is saved strictly after the listing was written (the same clock tick would make the order a tie).
    await sql`UPDATE saved_searches SET created_at = (SELECT updated_at FROM properties WHERE puid = ${before!.puid}) + interval '1 millisecond'
      WHERE id = ${Number(s.id)}`.execute(database.db);
    // A view is a counter write (migration 005): change_seq moves, updated_at does not.
    await database.db.transaction().execute(async (trx) => {
      await sql`SELECT set_config('nj.counter_update', 'on', true)`.execute(trx);
      await sql`UPDATE properties SET views = views + 1 WHERE puid = ${before!.puid}`.execute(trx);
    });
    await runAlerts();
    expect((await mails('alicia.busca@example.com')).filter((m) => m.subject === M.alertSubject(1, 'Caja'))).toEqual([]);
    expect((await list(alice)).find((x) => x.id === s.id)?.new_count).toBe(0);
    await call(alice, 'DELETE', `/api/v1/saved-searches/${s.id}`);
  });

  it('a daily search sends at most 10 listings in its digest, the rest behind the link', async () => {
    const s = (await call(alice, 'POST', '/api/v1/saved-searches', { name: 'Diaria', query: QUERY, frequency: 'daily' })).json().data;
    await insertTestProperties(database, Array.from({ length: 12 }, (_, i) => ({ lat: 18.8 + i * 0.001, lng: -111 })));
    expect((await runAlerts()).alerts).toBe(0);
    expect(await mails('alicia.busca@example.com')).toEqual([]);
    const sent = await sendAlertDigests(alertDeps(), new Date(Date.now() + 24 * 3_600_000));
    expect(sent).toBe(1);
    await runDueJobs(database, { [EMAIL_JOB]: emailJob(messaging()) }, [EMAIL_JOB]);
    const [mail] = await mails('alicia.busca@example.com');
    expect(mail!.subject).toBe(M.alertSubject(12, 'Diaria'));
    expect(mail!.text).toContain(M.alertMore(2));
    expect(mail!.links.filter((l) => l.includes('/propiedades/'))).toHaveLength(10);
    expect(await sendAlertDigests(alertDeps(), new Date(Date.now() + 48 * 3_600_000))).toBe(0);
    await call(alice, 'DELETE', `/api/v1/saved-searches/${s.id}`);
  });
});
