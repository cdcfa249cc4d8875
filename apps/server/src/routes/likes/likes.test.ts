import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openTestDatabase, type Database } from '@nj/db';
import { COMMON_MESSAGES, LIKES_MESSAGES, SEARCH_MESSAGES, ZLikedResult, ZLikeState, ZPropertyDetail, ZSearchResult } from '@nj/contracts';
import { insertTestProperties } from '@nj/core/search/testing/insert-properties';
import { createTestClientSession } from '@nj/core/likes/testing/registered-session';
import { buildApp } from '../../app.ts';
import { readServerConfig } from '../../config.ts';
import { CSRF_COOKIE } from '../../plugins/csrf.ts';
import { csrfFor } from '../../testing/test-browser.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';

// Fixtures near Isla Clarión (Revillagigedo), where no seeded listing and no other test file's fixtures are.
const AREA = { north: 18.5, south: 18.2, east: -114.5, west: -114.9, zoom: 11, v: 2 };
const config = readServerConfig({ SESSION_SECRET: 'x'.repeat(40), USD_MXN_RATE: '20' });
let database: Database;
let app: FastifyInstance;
let csrf: string;
let ids: { puid: string; nj_uid: string; slug: string }[];
let alice: { cuid: string; token: string };
let bob: { cuid: string; token: string };

type Who = { token: string } | null;
const cookies = (who: Who) => ({ [CSRF_COOKIE]: csrfFor(app, who?.token), ...(who ? { [SESSION_COOKIE]: who.token } : {}) });

function toggle(who: Who, id: string, cuid?: string) {
  const qs = cuid === undefined ? '' : `?cuid=${encodeURIComponent(cuid)}`;
  return app.inject({
    method: 'PUT', url: `/api/v1/properties/${encodeURIComponent(id)}/like${qs}`,
    cookies: cookies(who), headers: { 'x-csrf-token': csrfFor(app, who?.token) },
  });
}
function liked(who: Who, page?: number | string) {
  return app.inject({
    method: 'GET', url: `/api/v1/properties/liked${page === undefined ? '' : `?page=${page}`}`, cookies: cookies(who),
  });
}
async function likeCount(puid: string): Promise<number> {
  const r = await database.db.selectFrom('properties').select('likes').where('puid', '=', puid).executeTakeFirstOrThrow();
  return r.likes;
}

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({ database, config });
  const first = await app.inject({ method: 'GET', url: '/api/v1/health' });
  csrf = first.cookies.find((c) => c.name === CSRF_COOKIE)!.value;
  ids = await insertTestProperties(database, Array.from({ length: 25 }, (_, i) => ({
    lat: 18.3 + i * 0.001, lng: -114.7, published_at: `2024-01-${String(i + 1).padStart(2, '0')}`, is_active: i !== 3,
  })));
  alice = await createTestClientSession(database);
  bob = await createTestClientSession(database);
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('PUT /api/v1/properties/:id/like', () => {
  it('toggles the like of the signed-in client and keeps the counter', async () => {
    const puid = ids[0]!.puid;
    const before = await database.db.selectFrom('properties').select(['updated_at', 'change_seq']).where('puid', '=', puid).executeTakeFirstOrThrow();
    const on = await toggle(alice, puid, alice.cuid);
    expect(on.statusCode).toBe(200);
    expect(on.json().msg).toBe(LIKES_MESSAGES.liked);
    expect(ZLikeState.parse(on.json().data)).toEqual({ is_liked: true, likes: 1 });
    const bobOn = await toggle(bob, puid); // cuid is optional: the session's client is used
    expect(bobOn.json().data).toEqual({ is_liked: true, likes: 2 });
    const off = await toggle(alice, puid, alice.cuid);
    expect(off.json()).toEqual({ msg: LIKES_MESSAGES.unliked, data: { is_liked: false, likes: 1 } });
    expect(await likeCount(puid)).toBe(1);
    // A like is not an edit of the listing (updated_at kept), but the search index sees the row change.
    const after = await database.db.selectFrom('properties').select(['updated_at', 'change_seq']).where('puid', '=', puid).executeTakeFirstOrThrow();
    expect(after.updated_at.getTime()).toBe(before.updated_at.getTime());
    expect(Number(after.change_seq)).toBeGreaterThan(Number(before.change_seq));
    await toggle(bob, puid);
    expect(await likeCount(puid)).toBe(0);
  });

  it('answers 401 in Spanish to a visitor and to an anonymous client, and changes nothing', async () => {
    const puid = ids[1]!.puid;
    const visitor = await toggle(null, puid);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ msg: COMMON_MESSAGES.loginRequired, data: null });
    const anonymous = await createTestClientSession(database, { anonymous: true });
    const anon = await toggle(anonymous, puid, anonymous.cuid);
    expect(anon.statusCode).toBe(401);
    expect(anon.json().msg).toBe('Es necesario iniciar sesión para continuar');
    expect(await likeCount(puid)).toBe(0);
  });

  it("refuses to change another client's likes (403) and leaves them as they were", async () => {
    const puid = ids[2]!.puid;
    await toggle(bob, puid);
    const res = await toggle(alice, puid, bob.cuid);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ msg: LIKES_MESSAGES.otherClient, data: null });
    const bobs = ZLikedResult.parse((await liked(bob)).json().data);
    expect(bobs.properties.map((p) => p.uid)).toContain(puid);
    expect(await likeCount(puid)).toBe(1);
    await toggle(bob, puid);
  });

  it('answers 404 in Spanish for an unknown or malformed id', async () => {
    for (const id of ['p_nope', 'NJ-ZZZZ', ' ', 'a'.repeat(300)]) {
      const res = await toggle(alice, id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().msg, id).toBe(SEARCH_MESSAGES.propertyNotFound);
    }
  });

  it('needs the CSRF header like every mutation', async () => {
    const res = await app.inject({
      method: 'PUT', url: `/api/v1/properties/${ids[0]!.puid}/like`, cookies: cookies(alice),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/v1/properties/liked', () => {
  it("lists only the session client's likes, newest like first, 20 a page, inactive ones included", async () => {
    const mine = ids.slice(0, 22);
    for (const p of mine) expect((await toggle(alice, p.puid)).statusCode).toBe(200);
    await toggle(bob, ids[24]!.puid);

    const page1 = ZLikedResult.parse((await liked(alice)).json().data);
    expect(page1).toMatchObject({ total: 22, page: 1, page_size: 20 });
    expect(page1.properties.map((p) => p.uid)).toEqual(mine.slice(2).reverse().map((p) => p.puid));
    expect(page1.properties.every((p) => p.is_liked)).toBe(true);
    expect(page1.properties.find((p) => p.uid === ids[3]!.puid)?.is_active).toBe(false);
    const page2 = ZLikedResult.parse((await liked(alice, 2)).json().data);
    expect(page2.properties.map((p) => p.uid)).toEqual([ids[1]!.puid, ids[0]!.puid]);
    expect((await liked(alice, 3)).json().data.properties).toEqual([]);

    const bobs = ZLikedResult.parse((await liked(bob)).json().data);
    expect(bobs.properties.map((p) => p.uid)).toEqual([ids[24]!.puid]);
    expect(bobs.total).toBe(1);
  });

  it('answers 401 to a visitor and an anonymous client, 400 in Spanish to a bad page', async () => {
    const visitor = await liked(null);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().msg).toBe(COMMON_MESSAGES.loginRequired);
    const anonymous = await createTestClientSession(database, { anonymous: true });
    expect((await liked(anonymous)).statusCode).toBe(401);
    for (const page of ['0', '-1', 'x', '1.5']) {
      const res = await liked(alice, page);
      expect(res.statusCode, page).toBe(400);
      expect(res.json().msg, page).toMatch(/page/);
    }
  });

  it('marks is_liked in search results and the detail for the signed-in client only', async () => {
    const qs = new URLSearchParams(Object.entries(AREA).map(([k, v]) => [k, String(v)])).toString();
    const search = (who: Who) => app.inject({
      method: 'POST', url: `/api/v1/properties/search?${qs}`, cookies: cookies(who), headers: { 'x-csrf-token': csrfFor(app, who?.token) },
    });
    const forAlice = ZSearchResult.parse((await search(alice)).json().data);
    expect(forAlice.properties.length).toBeGreaterThan(0);
    for (const p of forAlice.properties) expect(p.is_liked, p.uid).toBe(ids.slice(0, 22).some((i) => i.puid === p.uid));
    const forBob = ZSearchResult.parse((await search(bob)).json().data);
    expect(forBob.properties.filter((p) => p.is_liked).map((p) => p.uid)).toEqual([ids[24]!.puid]);
    const forVisitor = ZSearchResult.parse((await search(null)).json().data);
    expect(forVisitor.properties.some((p) => p.is_liked)).toBe(false);

    const detail = (who: Who) => app.inject({ method: 'GET', url: `/api/v1/properties/${ids[0]!.puid}`, cookies: cookies(who) });
    const a = ZPropertyDetail.parse((await detail(alice)).json().data);
    expect(a).toMatchObject({ is_liked: true, likes: 1 });
    expect(ZPropertyDetail.parse((await detail(bob)).json().data).is_liked).toBe(false);
    expect(ZPropertyDetail.parse((await detail(null)).json().data).is_liked).toBe(false);
  });

  it('drops the likes of a deleted listing and of a deleted client with the counter', async () => {
    const [extra] = await insertTestProperties(database, [{ lat: 18.45, lng: -114.6 }]);
    const carol = await createTestClientSession(database);
    await toggle(carol, extra!.puid);
    await toggle(alice, extra!.puid);
    expect(await likeCount(extra!.puid)).toBe(2);
    await database.db.deleteFrom('clients').where('cuid', '=', carol.cuid).execute();
    expect(await likeCount(extra!.puid)).toBe(1);
    await database.db.deleteFrom('properties').where('puid', '=', extra!.puid).execute();
    expect(ZLikedResult.parse((await liked(alice)).json().data).total).toBe(22);
  });
});
