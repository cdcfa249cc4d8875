import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openTestDatabase, type Database } from '@nj/db';
import {
  COMMON_MESSAGES, DETAIL_MESSAGES, LEADS_MESSAGES, STATS_MESSAGES, ZLeadResult, ZListingStats, ZMyPropertiesResult, ZPushResult,
} from '@nj/contracts';
import { insertTestProperties } from '@nj/core/search/testing/insert-properties';
import { createTestClientSession } from '@nj/core/likes/testing/registered-session';
import { buildApp } from '../../app.ts';
import { readServerConfig } from '../../config.ts';
import { TestBrowser as BaseBrowser } from '../../testing/test-browser.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';

// Fixtures near Isla Socorro (Revillagigedo), away from the seed and other test files' fixtures.
const config = readServerConfig({ SESSION_SECRET: 'x'.repeat(40), USD_MXN_RATE: '20' });
let database: Database;
let app: FastifyInstance;
let alice: { cuid: string; token: string };
let bob: { cuid: string; token: string };
let mine: { puid: string; nj_uid: string; slug: string }[];
let bobs: { puid: string }[];
let demo: { puid: string }[];
const BOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const HUMAN_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

/** A browser with a real browser's User-Agent (the default one of inject is taken for a bot). */
class TestBrowser extends BaseBrowser {
  override call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) {
    return super.call(method, url, payload, { 'user-agent': HUMAN_UA, ...headers });
  }
}

function signedIn(who: { token: string }): TestBrowser {
  const b = new TestBrowser(app, '10.9');
  b.cookies[SESSION_COOKIE] = who.token;
  return b;
}
/** A visitor whose browser already made its anonymous client (pushes without a session cookie are not counted). */
async function visitorWithClient(): Promise<TestBrowser> {
  const b = new TestBrowser(app);
  expect((await b.call('POST', '/api/v1/client/anonymous')).statusCode).toBe(200);
  return b;
}
let pushSeq = 0;
const pushId = () => `push_${Date.now()}_${++pushSeq}`;
async function daily(puid: string) {
  return database.db.selectFrom('listing_daily_stats').selectAll().where('puid', '=', puid).executeTakeFirst();
}
/** Moves a client's last-seen time for a listing back, as if `ms` had passed (no sleeping in tests). */
async function age(cuid: string, puid: string, kind: string, ms: number) {
  await database.db.updateTable('listing_last_seen').set({ last_seen: new Date(Date.now() - ms) })
    .where('cuid', '=', cuid).where('puid', '=', puid).where('kind', '=', kind).execute();
}

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({ database, config });
  alice = await createTestClientSession(database);
  bob = await createTestClientSession(database);
  await database.db.updateTable('clients').set({ email: 'alice.owner@example.com' }).where('cuid', '=', alice.cuid).execute();
  mine = await insertTestProperties(database, [
    { lat: 18.78, lng: -110.95, owner_cuid: alice.cuid, source: 'owner', title: 'Casa en renta en Colima' },
    { lat: 18.79, lng: -110.96, owner_cuid: alice.cuid, source: 'owner', is_active: false },
    { lat: 18.80, lng: -110.97, owner_cuid: alice.cuid, source: 'owner', is_venta: true, property_type: 'house' },
  ]);
  bobs = await insertTestProperties(database, [{ lat: 18.81, lng: -110.98, owner_cuid: bob.cuid, source: 'owner' }]);
  demo = await insertTestProperties(database, [{ lat: 18.82, lng: -110.99 }]);
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('POST /api/v1/properties/views', () => {
  it('counts a view once per client inside 5 s, again after the window, and never the same push twice', async () => {
    const visitor = await visitorWithClient();
    const puid = mine[0]!.puid;
    const body = { push_id: pushId(), data: { [`prop_${puid}`]: { count: 1, last_seen: Date.now() }, ad_x: 2, win_view_y: 1 }, ads_data: {} };
    const first = await visitor.call('POST', '/api/v1/properties/views', body, { 'user-agent': HUMAN_UA });
    expect(first.statusCode).toBe(200);
    expect(ZPushResult.parse(first.json().data)).toEqual({ counted: 1, duplicate: false, ignored: false });
    // The very same push again (a retry): a no-op.
    const retry = await visitor.call('POST', '/api/v1/properties/views', body, { 'user-agent': HUMAN_UA });
    expect(retry.json()).toEqual({ msg: STATS_MESSAGES.duplicatePush, data: { counted: 0, duplicate: true, ignored: false } });
    // A new push inside the 5 s window: ignored.
    const again = await visitor.call('POST', '/api/v1/properties/views', { push_id: pushId(), data: { [`prop_${puid}`]: 1 } });
    expect(again.json().data.counted).toBe(0);
    expect((await daily(puid))?.views).toBe(1);
    // After the window it counts again; the count is capped by the 5 s windows elapsed (10 s → 2).
    const { cuid } = await database.db.selectFrom('listing_last_seen').select('cuid').where('puid', '=', puid).where('kind', '=', 'view').executeTakeFirstOrThrow();
    await age(cuid, puid, 'view', 10_500);
    const later = await visitor.call('POST', '/api/v1/properties/views', { push_id: pushId(), data: { [`prop_${puid}`]: 7 } });
    expect(later.json().data.counted).toBe(2);
    expect((await daily(puid))?.views).toBe(3);
    const p = await database.db.selectFrom('properties').select('views').where('puid', '=', puid).executeTakeFirstOrThrow();
    expect(p.views).toBe(3);
  });

  it('does not count a push without a session cookie, nor create a client for it', async () => {
    const puid = mine[2]!.puid;
    const clients = async () =>
      Number((await database.db.selectFrom('clients').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await clients();
    const viewsBefore = (await daily(puid))?.views ?? 0;
    for (let i = 0; i < 3; i++) {
      const cookieless = new TestBrowser(app);
      const views = await cookieless.call('POST', '/api/v1/properties/views', { push_id: pushId(), data: { [`prop_${puid}`]: 1 } });
      expect(views.json()).toEqual({ msg: STATS_MESSAGES.botIgnored, data: { counted: 0, duplicate: false, ignored: true } });
      expect(views.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
      const appear = await cookieless.call('POST', '/api/v2/properties/appear', { push_id: pushId(), puids: [puid] });
      expect(appear.json().data.ignored).toBe(true);
    }
    expect(await clients()).toBe(before);
    expect((await daily(puid))?.views ?? 0).toBe(viewsBefore);
  });

  it('two pushes with the same id sent at once count once', async () => {
    const visitor = await visitorWithClient();
    const puid = mine[2]!.puid;
    await visitor.call('POST', '/api/v1/properties/views', { push_id: pushId(), data: {} }); // gets its session cookie
    const body = { push_id: pushId(), data: { [`prop_${puid}`]: 1 } };
    const [a, b] = await Promise.all([
      visitor.call('POST', '/api/v1/properties/views', body), visitor.call('POST', '/api/v1/properties/views', body),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().data.counted + b.json().data.counted).toBe(1);
    expect((await daily(puid))?.views).toBe(1);
  });

  it('ignores known bots and the owner viewing their own listing', async () => {
    const puid = bobs[0]!.puid;
    const bot = new TestBrowser(app);
    const r = await bot.call('POST', '/api/v1/properties/views', { push_id: pushId(), data: { [`prop_${puid}`]: 1 } }, { 'user-agent': BOT_UA });
    expect(r.json()).toEqual({ msg: STATS_MESSAGES.botIgnored, data: { counted: 0, duplicate: false, ignored: true } });
    const own = await signedIn(bob).call('POST', '/api/v1/properties/views', { push_id: pushId(), data: { [`prop_${puid}`]: 1 } });
    expect(own.json().data.counted).toBe(0);
    expect(await daily(puid)).toBeUndefined();
  });

  it('refuses bad bodies in Spanish (never 500) and skips unknown listings', async () => {
    const b = await visitorWithClient();
    for (const [body, msg] of [
      [{ data: {} }, STATS_MESSAGES.invalidPushId],
      [{ push_id: 'x', data: {} }, STATS_MESSAGES.invalidPushId],
      [{ push_id: pushId(), data: 'nope' }, STATS_MESSAGES.invalidData],
      [{ push_id: pushId(), data: { prop_x: -1 } }, STATS_MESSAGES.invalidData],
    ] as const) {
      const r = await b.call('POST', '/api/v1/properties/views', body);
      expect(r.statusCode).toBe(400);
      expect(r.json().msg).toBe(msg);
    }
    const bad = await b.call('POST', '/api/v1/properties/views', '{not json', { 'content-type': 'application/json' });
    expect(bad.statusCode).toBe(400);
    const unknown = await b.call('POST', '/api/v1/properties/views', { push_id: pushId(), data: { prop_p_nope: 1 } });
    expect(unknown.json().data.counted).toBe(0);
  });
});

describe('POST /api/v2/properties/appear and POST /api/v1/properties/:id/share', () => {
  it('counts appearances once per client inside 5 s and once per push id; bots ignored', async () => {
    const b = await visitorWithClient();
    const puids = [mine[0]!.puid, mine[2]!.puid, 'p_unknown'];
    const body = { push_id: pushId(), puids };
    expect((await b.call('POST', '/api/v2/properties/appear', body)).json().data).toEqual({ counted: 2, duplicate: false, ignored: false });
    expect((await b.call('POST', '/api/v2/properties/appear', body)).json().data.duplicate).toBe(true);
    expect((await b.call('POST', '/api/v2/properties/appear', { push_id: pushId(), puids })).json().data.counted).toBe(0);
    const other = await visitorWithClient();
    expect((await other.call('POST', '/api/v2/properties/appear', { push_id: pushId(), puids })).json().data.counted).toBe(2);
    const bot = await new TestBrowser(app).call('POST', '/api/v2/properties/appear', { push_id: pushId(), puids }, { 'user-agent': BOT_UA });
    expect(bot.json().data.ignored).toBe(true);
    expect((await daily(mine[0]!.puid))?.appears).toBe(2);
    const bad = await b.call('POST', '/api/v2/properties/appear', { push_id: pushId(), puids: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe(STATS_MESSAGES.invalidPuids);
  });

  it('counts a share, not again within 5 s; bad channel and unknown listing refused in Spanish', async () => {
    const b = new TestBrowser(app);
    const puid = mine[0]!.puid;
    const one = await b.call('POST', `/api/v1/properties/${puid}/share`, { channel: 'whatsapp' });
    expect(one.json()).toEqual({ msg: STATS_MESSAGES.counted, data: { counted: true, shares: 1 } });
    const two = await b.call('POST', `/api/v1/properties/${puid}/share`, { channel: 'copy_link' });
    expect(two.json().data).toEqual({ counted: false, shares: 1 });
    const bad = await b.call('POST', `/api/v1/properties/${puid}/share`, { channel: 'fax' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe(STATS_MESSAGES.invalidChannel);
    const missing = await b.call('POST', '/api/v1/properties/p_nope/share', { channel: 'web_share' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe(STATS_MESSAGES.propertyNotFound);
  });
});

describe('POST /api/v1/leads/contact', () => {
  const lead = (puid: string) => ({ puid, name: 'Ana López', phone: '33 1234 5678', email: 'Ana@Example.com', message: '¿Sigue disponible?' });

  it('stores the lead, counts an inquiry and a lead, and e-mails the owner', async () => {
    const puid = mine[0]!.puid;
    const r = await new TestBrowser(app).call('POST', '/api/v1/leads/contact', lead(puid));
    expect(r.statusCode).toBe(200);
    expect(r.json().msg).toBe(LEADS_MESSAGES.sent);
    const data = ZLeadResult.parse(r.json().data);
    expect(data.emailed).toBe(true);
    const row = await database.db.selectFrom('leads').selectAll().where('luid', '=', data.luid).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ puid, owner_cuid: alice.cuid, phone: '+523312345678', email: 'ana@example.com' });
    const mail = await database.db.selectFrom('outbox').selectAll().where('to', '=', 'alice.owner@example.com')
      .orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail.subject).toBe(LEADS_MESSAGES.emailSubject('Casa en renta en Colima'));
    expect(mail.text).toContain('Ana López');
    expect(mail.text).toContain('+523312345678');
    expect(mail.text).toContain('¿Sigue disponible?');
    const d = await daily(puid);
    expect([d?.inquiries, d?.leads]).toEqual([1, 1]);
  });

  it('a demo listing without an advertiser account: refused in Spanish (issue 9 §4), nothing stored, counted or sent', async () => {
    const puid = demo[0]!.puid;
    const before = await database.db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const r = await new TestBrowser(app).call('POST', '/api/v1/leads/contact', lead(puid));
    expect(r.statusCode).toBe(403);
    expect(r.json()).toEqual({ msg: DETAIL_MESSAGES.leadNoAdvertiser, data: null });
    const after = await database.db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(await database.db.selectFrom('leads').select('luid').where('puid', '=', puid).execute()).toHaveLength(0);
    expect((await daily(puid))?.leads ?? 0).toBe(0);
    const p = await database.db.selectFrom('properties').select('inquiries').where('puid', '=', puid).executeTakeFirstOrThrow();
    expect(p.inquiries).toBe(0);
  });

  it('refuses bad input per field in Spanish and changes nothing', async () => {
    const b = new TestBrowser(app);
    const puid = mine[2]!.puid;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...lead(puid), name: '  ' }, 'name', LEADS_MESSAGES.nameRequired],
      [{ ...lead(puid), phone: '123' }, 'phone', LEADS_MESSAGES.phoneInvalid],
      [{ ...lead(puid), phone: 'abc' }, 'phone', LEADS_MESSAGES.phoneInvalid],
      [{ ...lead(puid), email: 'no-es-correo' }, 'email', LEADS_MESSAGES.emailInvalid],
      [{ ...lead(puid), message: '' }, 'message', LEADS_MESSAGES.messageRequired],
      [{ ...lead(puid), message: 'x'.repeat(2001) }, 'message', LEADS_MESSAGES.messageTooLong],
    ];
    for (const [body, field, msg] of cases) {
      const r = await b.call('POST', '/api/v1/leads/contact', body);
      expect(r.statusCode).toBe(400);
      expect(r.json().msg).toBe(msg);
      expect(r.json().data.fields[field]).toBe(msg);
    }
    const inactive = await b.call('POST', '/api/v1/leads/contact', lead(mine[1]!.puid));
    expect(inactive.statusCode).toBe(404);
    const n = await database.db.selectFrom('leads').select('luid').where('puid', 'in', [puid, mine[1]!.puid]).execute();
    expect(n).toHaveLength(0);
  });

  it('is rate-limited per IP', async () => {
    const b = new TestBrowser(app, '10.77');
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await b.call('POST', '/api/v1/leads/contact', lead(demo[0]!.puid))).statusCode);
    // Counted before the listing is looked at: refusals (403, no advertiser) use up the allowance too.
    expect(codes.slice(0, 10).every((c) => c === 403)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});

describe('GET /api/v1/properties/my, GET /api/v2/properties/my, GET /api/v1/property/:puid/stats', () => {
  it('lists only the signed-in client\'s listings, active and inactive, with owner stats reflecting the counts', async () => {
    const r = await signedIn(alice).call('GET', '/api/v1/properties/my');
    expect(r.statusCode).toBe(200);
    const data = ZMyPropertiesResult.parse(r.json().data);
    expect(data.total).toBe(3);
    expect(new Set(data.properties.map((p) => p.uid))).toEqual(new Set(mine.map((m) => m.puid)));
    const card = data.properties.find((p) => p.uid === mine[0]!.puid)!;
    expect(card.can_see_stats).toBe(true);
    expect(card.owner_stats).toMatchObject({ appears: 2, views: 3, inquiries: 1, leads: 1, shares: 1 });
    expect(card.owner_stats.ctr).toBe(1.5);
    const inactive = await signedIn(alice).call('GET', '/api/v1/properties/my?status=inactive');
    expect(inactive.json().data.properties.map((p: { uid: string }) => p.uid)).toEqual([mine[1]!.puid]);
    const searched = await signedIn(alice).call('GET', `/api/v1/properties/my?search=${encodeURIComponent('colima')}`);
    expect(searched.json().data.properties.map((p: { uid: string }) => p.uid)).toEqual([mine[0]!.puid]);
    const byCode = await signedIn(alice).call('GET', `/api/v1/properties/my?search=NJ-${mine[2]!.nj_uid}`);
    expect(byCode.json().data.total).toBe(1);
    const bobList = await signedIn(bob).call('GET', '/api/v1/properties/my');
    expect(bobList.json().data.properties.map((p: { uid: string }) => p.uid)).toEqual([bobs[0]!.puid]);
  });

  it('v2 applies filters and bounds', async () => {
    const sale = await signedIn(alice).call('GET', '/api/v2/properties/my?op_type=sale');
    expect(sale.json().data.properties.map((p: { uid: string }) => p.uid)).toEqual([mine[2]!.puid]);
    const box = await signedIn(alice).call('GET', '/api/v2/properties/my?north=18.785&south=18.775&east=-110.9&west=-111&status=active');
    expect(box.json().data.properties.map((p: { uid: string }) => p.uid)).toEqual([mine[0]!.puid]);
    const types = await signedIn(alice).call('GET', '/api/v2/properties/my?property_types=house');
    expect(types.json().data.total).toBe(1);
    const all = await signedIn(alice).call('GET', '/api/v2/properties/my');
    expect(all.json().data.total).toBe(3);
  });

  it('refuses visitors, anonymous clients and bad queries in Spanish', async () => {
    for (const url of ['/api/v1/properties/my', '/api/v2/properties/my', `/api/v1/property/${mine[0]!.puid}/stats`]) {
      const visitor = await new TestBrowser(app).call('GET', url);
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json().msg).toBe(COMMON_MESSAGES.loginRequired);
      const anon = await signedIn(await createTestClientSession(database, { anonymous: true })).call('GET', url);
      expect(anon.statusCode).toBe(401);
    }
    for (const [url, msg] of [
      ['/api/v1/properties/my?page=0', STATS_MESSAGES.invalidPage],
      ['/api/v1/properties/my?status=borrada', STATS_MESSAGES.invalidStatus],
      ['/api/v2/properties/my?north=19', STATS_MESSAGES.invalidBounds],
      ['/api/v2/properties/my?op_type=x', STATS_MESSAGES.invalidParam('op_type')],
      [`/api/v1/property/${mine[0]!.puid}/stats?days=0`, STATS_MESSAGES.invalidDays],
      [`/api/v1/property/${mine[0]!.puid}/stats?days=abc`, STATS_MESSAGES.invalidDays],
    ] as const) {
      const r = await signedIn(alice).call('GET', url);
      expect(r.statusCode, url).toBe(400);
      expect(r.json().msg).toBe(msg);
    }
  });

  it('gives the owner a zero-filled 30-day series; nobody else reads it', async () => {
    const r = await signedIn(alice).call('GET', `/api/v1/property/${mine[0]!.puid}/stats`);
    expect(r.statusCode).toBe(200);
    const stats = ZListingStats.parse(r.json().data);
    expect(stats.days).toBe(30);
    expect(stats.series).toHaveLength(30);
    const today = stats.series.at(-1)!;
    expect(today).toMatchObject({ appears: 2, views: 3, inquiries: 1, leads: 1, shares: 1 });
    expect(stats.series.slice(0, -1).every((d) => d.views === 0)).toBe(true);
    expect(stats.totals.views).toBe(3);
    const week = await signedIn(alice).call('GET', `/api/v1/property/${mine[0]!.puid}/stats?days=7`);
    expect(week.json().data.series).toHaveLength(7);
    const other = await signedIn(bob).call('GET', `/api/v1/property/${mine[0]!.puid}/stats`);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ msg: STATS_MESSAGES.notOwner, data: null });
    const demoStats = await signedIn(alice).call('GET', `/api/v1/property/${demo[0]!.puid}/stats`);
    expect(demoStats.statusCode).toBe(403);
    const missing = await signedIn(alice).call('GET', '/api/v1/property/p_nope/stats');
    expect(missing.statusCode).toBe(404);
  });

  it('a new like shows in the daily likes', async () => {
    await signedIn(bob).call('PUT', `/api/v1/properties/${mine[2]!.puid}/like`);
    const r = await signedIn(alice).call('GET', `/api/v1/property/${mine[2]!.puid}/stats`);
    expect(r.json().data.series.at(-1).likes).toBe(1);
    expect(r.json().data.totals.likes).toBe(1);
  });
});
