import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openTestDatabase, type Database } from '@nj/db';
import { COMMON_MESSAGES, REFERRALS_MESSAGES, ZReferralsPage, ZReferrerCard } from '@nj/contracts';
import { createTestClientSession } from '@nj/core/likes/testing/registered-session';
import { buildApp } from '../../app.ts';
import { readServerConfig } from '../../config.ts';
import { CSRF_COOKIE } from '../../plugins/csrf.ts';
import { csrfFor } from '../../testing/test-browser.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';

let database: Database;
let app: FastifyInstance;
let csrf: string;
type Who = { token: string } | null;
type Client = { cuid: string; token: string; ucode: string };
const cookies = (who: Who) => ({ [CSRF_COOKIE]: csrfFor(app, who?.token), ...(who ? { [SESSION_COOKIE]: who.token } : {}) });
const get = (who: Who, url: string) => app.inject({ method: 'GET', url, cookies: cookies(who) });
const register = (who: Who, payload: unknown, raw = false) => app.inject({
  method: 'POST', url: '/api/v1/client/ucode', cookies: cookies(who),
  headers: { 'x-csrf-token': csrfFor(app, who?.token), 'content-type': 'application/json' },
  payload: raw ? (payload as string) : JSON.stringify(payload),
});

let n = 0;
/** A registered client with a nickname, an e-mail and a ucode. */
async function client(): Promise<Client> {
  const s = await createTestClientSession(database);
  n += 1;
  const ucode = `REF${String(n).padStart(4, '0')}${s.cuid.slice(-4).toUpperCase()}`;
  await database.db.updateTable('clients')
    .set({ nickname: `Persona ${n}`, email: `persona${n}-${s.cuid}@example.mx`, ucode, phone_number: '3312345678' })
    .where('cuid', '=', s.cuid).execute();
  return { ...s, ucode };
}

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({ database, config: readServerConfig({ SESSION_SECRET: 'x'.repeat(40) }) });
  const first = await app.inject({ method: 'GET', url: '/api/v1/health' });
  csrf = first.cookies.find((c) => c.name === CSRF_COOKIE)!.value;
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('GET /api/v1/client/ucode/{ucode}', () => {
  it('shows only the public card of the referrer, to anyone', async () => {
    const ana = await client();
    const res = await get(null, `/api/v1/client/ucode/${ana.ucode}`);
    expect(res.statusCode).toBe(200);
    expect(ZReferrerCard.strict().parse(res.json().data)).toEqual({
      uid: ana.cuid, ucode: ana.ucode, nickname: expect.stringMatching(/^Persona/), profile_photo_name: null,
    });
    expect(JSON.stringify(res.json())).not.toMatch(/example\.mx|3312345678/);
    const byId = await get(null, `/api/v1/client/ucode/${ana.cuid}`);
    expect(byId.json().data.uid).toBe(ana.cuid);
  });

  it('answers 404 for an unknown code or an anonymous client, 400 for an invalid id', async () => {
    const anon = await createTestClientSession(database, { anonymous: true });
    for (const id of ['NOPE1234', anon.cuid]) {
      const res = await get(null, `/api/v1/client/ucode/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe(REFERRALS_MESSAGES.referrerNotFound);
    }
    const bad = await get(null, `/api/v1/client/ucode/${encodeURIComponent('a b<script>')}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('El id es inválido');
  });
});

describe('POST /api/v1/client/ucode', () => {
  it('registers the referrer once, by ucode (any case) or id; the same again is harmless, another is refused', async () => {
    const ana = await client();
    const beto = await client();
    const caro = await client();
    const res = await register(beto, { ucode: ana.ucode.toLowerCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json().msg).toBe('¡Felicidades! Ya formas parte del programa de referidos.');
    expect(res.json().data.referrer).toMatchObject({ uid: ana.cuid, ucode: ana.ucode });
    expect((await register(beto, { ucode: ana.cuid })).statusCode).toBe(200);
    const other = await register(beto, { ucode: caro.ucode });
    expect(other.statusCode).toBe(409);
    expect(other.json().msg).toBe(REFERRALS_MESSAGES.alreadyJoined);
    // Beto referred by Ana: Ana cannot then name Beto as her referrer.
    const circular = await register(ana, { ucode: beto.ucode });
    expect(circular.statusCode).toBe(400);
    expect(circular.json().msg).toBe(REFERRALS_MESSAGES.circularReferral);
  });

  it('refuses oneself and unknown referrers', async () => {
    const dora = await client();
    const self = await register(dora, { ucode: dora.ucode });
    expect(self.statusCode).toBe(400);
    expect(self.json().msg).toBe(REFERRALS_MESSAGES.selfReferral);
    const unknown = await register(dora, { ucode: 'ZZZZ9999' });
    expect(unknown.statusCode).toBe(404);
  });

  it("answers 'El id es inválido' to a non-string or invalid id, never a 500", async () => {
    const eva = await client();
    for (const body of [{}, { ucode: 123 }, { ucode: ['A', 'B'] }, { ucode: '' }, { ucode: '   ' }, { ucode: 'x'.repeat(65) },
      { ucode: 'a/b' }, { ucode: null }, [], 'texto', null]) {
      const res = await register(eva, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg, JSON.stringify(body)).toBe('El id es inválido');
    }
    const broken = await register(eva, '{"ucode":', true);
    expect(broken.statusCode).toBe(400);
    expect(typeof broken.json().msg).toBe('string');
  });

  it('answers 401 to a visitor and an anonymous client', async () => {
    const ana = await client();
    const anon = await createTestClientSession(database, { anonymous: true });
    for (const who of [null, anon]) {
      const res = await register(who, { ucode: ana.ucode });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ msg: COMMON_MESSAGES.loginRequired, data: null });
    }
    expect(await database.db.selectFrom('referrals').select('referred_cuid').where('referred_cuid', '=', anon.cuid).execute()).toHaveLength(0);
  });
});

describe('GET /api/v1/client/referrals?page', () => {
  it('lists only my referrals, newest first, paginated, with public fields; and who referred me', async () => {
    const host = await client();
    const guests: Client[] = [];
    for (let i = 0; i < 23; i++) {
      const g = await client();
      guests.push(g);
      expect((await register(g, { ucode: host.ucode })).statusCode).toBe(200);
    }
    const page1 = ZReferralsPage.parse((await get(host, '/api/v1/client/referrals')).json().data);
    expect(page1).toMatchObject({ ucode: host.ucode, referred_by: null, page: 1, page_size: 20, total: 23 });
    expect(page1.referrals).toHaveLength(20);
    expect(Object.keys(page1.referrals[0]!).sort()).toEqual(['joined_at', 'nickname', 'profile_photo_name', 'uid']);
    const page2 = ZReferralsPage.parse((await get(host, '/api/v1/client/referrals?page=2')).json().data);
    expect(page2.referrals).toHaveLength(3);
    const all = [...page1.referrals, ...page2.referrals].map((r) => r.uid);
    expect(new Set(all)).toEqual(new Set(guests.map((g) => g.cuid)));

    // A guest sees who referred them, and none of the host's other referrals.
    const guestView = ZReferralsPage.parse((await get(guests[0]!, '/api/v1/client/referrals?page=0')).json().data);
    expect(guestView).toMatchObject({ page: 1, total: 0, referrals: [], referred_by: { uid: host.cuid } });
  });

  it('gives a client without a ucode one, and answers 401 to a visitor', async () => {
    const plain = await createTestClientSession(database);
    const res = await get(plain, '/api/v1/client/referrals?page=x');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.ucode).toMatch(/^[A-Z2-9]{8}$/);
    const again = await get(plain, '/api/v1/client/referrals');
    expect(again.json().data.ucode).toBe(res.json().data.ucode);
    expect((await get(null, '/api/v1/client/referrals')).statusCode).toBe(401);
  });
});
