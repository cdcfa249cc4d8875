import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ADS_MESSAGES as M, ZMapAds, ZStaffAd, ZStaffAds } from '@nj/contracts';
import { createTestClientSession } from '@nj/core/likes/testing/registered-session';
import { insertTestProperties } from '@nj/core/search/testing/insert-properties';
import { useTestApp } from '../../testing/test-app.ts';
import { callAs } from '../../testing/call-as.ts';
import { postMultipart } from '../../testing/multipart.ts';
import { TestBrowser } from '../../testing/test-browser.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';

const t = useTestApp();
const HUMAN_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const spanish = (msg: unknown) => expect(String(msg)).toMatch(/[a-záéíóúñ]{3}/i);

async function supportUser() {
  const who = await createTestClientSession(t.database);
  await t.database.db.updateTable('clients').set({ privileges: ['support'] }).where('cuid', '=', who.cuid).execute();
  return who;
}

const day = 86_400_000;
// Around Isla Guadalupe, away from the seed's listings and other test files.
const LAT = 29.05;
const LNG = -118.28;
function adBody(over: Record<string, unknown> = {}) {
  return {
    advertiser: 'Mudanzas Rápidas', title: 'Tu mudanza con 10 % de descuento', link_url: 'https://mudanzas.example/promo',
    area: { kind: 'bbox', north: LAT + 0.02, south: LAT - 0.02, east: LNG + 0.02, west: LNG - 0.02 },
    min_zoom: 12, max_zoom: 18, starts_at: new Date(Date.now() - day).toISOString(), ends_at: new Date(Date.now() + day).toISOString(),
    budget_impressions: 3, ...over,
  };
}

describe('map ads calls (issue 16; spec 01 §3 Ad, §7)', () => {
  it('support creates an ad; the map answers it inside its area and zoom; clicks and impressions count (an unknown ad is 404, a malformed id 400); the budget stops it', async () => {
    const { app } = t;
    const staff = await supportUser();
    const client = await createTestClientSession(t.database);

    // Managing is support only: 401 visitors, 403 other clients, in Spanish.
    for (const [method, url, body] of [['GET', '/api/v1/ads'], ['POST', '/api/v1/ads', adBody()], ['PUT', `/api/v1/ads/ad_${'a'.repeat(20)}`, { is_paused: true }]] as const) {
      expect((await callAs(app, null, method, url, body)).statusCode).toBe(401);
      const res = await callAs(app, client, method, url, body);
      expect(res.statusCode).toBe(403);
      spanish(res.json().msg);
    }

    // Bad input: Spanish 400s, nothing stored.
    for (const body of [
      adBody({ link_url: null }), adBody({ max_zoom: 10 }), adBody({ ends_at: new Date(Date.now() - 2 * day).toISOString() }),
      adBody({ area: { kind: 'bbox', north: 1, south: 2, east: 3, west: 4 } }), adBody({ link_url: 'javascript:alert(1)' }),
      adBody({ budget_impressions: 0 }), adBody({ puid: 'p_no_existe', link_url: null }), 'x',
    ]) {
      const res = await callAs(app, staff, 'POST', '/api/v1/ads', body);
      expect([400, 415], JSON.stringify(body)).toContain(res.statusCode);
      spanish(res.json().msg);
    }
    expect((await callAs(app, staff, 'POST', '/api/v1/ads', adBody({ link_url: null }))).json().msg).toBe(M.linkOrListing);
    expect(ZStaffAds.parse((await callAs(app, staff, 'GET', '/api/v1/ads')).json().data).ads.filter((a) => a.advertiser === 'Mudanzas Rápidas')).toEqual([]);

    const created = await callAs(app, staff, 'POST', '/api/v1/ads', adBody());
    expect(created.statusCode).toBe(200);
    const ad = ZStaffAd.parse(created.json().data);
    expect(ad).toMatchObject({ status: 'running', impressions: 0, clicks: 0, image_url: null });

    // The image is checked by content: a text file is refused; a PNG is stored as WebP and served.
    const notImage = await postMultipart(app, staff, `/api/v1/ads/${ad.ad_uid}/image`, {}, { bytes: Buffer.from('hola'), name: 'a.png', field: 'image' });
    expect(notImage.statusCode).toBe(415);
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#0a7' } }).png().toBuffer();
    const withImage = await postMultipart(app, staff, `/api/v1/ads/${ad.ad_uid}/image`, {}, { bytes: png, name: 'a.png', field: 'image' });
    expect(withImage.statusCode).toBe(200);
    const imageUrl = ZStaffAd.parse(withImage.json().data).image_url!;
    expect(imageUrl).toMatch(/^\/media\/ads\/ad_[a-f0-9]{20}\/[a-f0-9]+\.webp$/);
    const served = await app.inject({ method: 'GET', url: imageUrl });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/webp']);

    // The map: inside the area at zoom 15 (default), yes; outside the area or the zoom range, no; a radius reaches it.
    const at = async (q: string) => ZMapAds.parse((await callAs(app, client, 'GET', `/api/v1/ads/map_search?cuid=${client.cuid}&${q}`)).json().data).ads.map((a) => a.ad_uid);
    expect(await at(`lat=${LAT}&lng=${LNG}`)).toEqual([ad.ad_uid]);
    expect(await at(`lat=${LAT}&lng=${LNG}&zoom=8`)).toEqual([]);
    expect(await at(`lat=${LAT + 0.1}&lng=${LNG}`)).toEqual([]);
    expect(await at(`lat=${LAT + 0.1}&lng=${LNG}&d=12`)).toEqual([ad.ad_uid]);
    for (const q of ['lat=x&lng=1', 'lat=91&lng=0', 'lat=1', 'lat=1&lng=1&zoom=40', 'lat=1&lng=1&d=-1']) {
      const res = await callAs(app, client, 'GET', `/api/v1/ads/map_search?${q}`);
      expect(res.statusCode, q).toBe(400);
      spanish(res.json().msg);
    }

    // Clicks: counted per call; an unknown or malformed ad is a Spanish 404.
    expect((await callAs(app, null, 'POST', `/api/v1/ads/${ad.ad_uid}/click`)).json().data).toEqual({ ad_uid: ad.ad_uid, clicks: 1 });
    expect((await callAs(app, client, 'POST', `/api/v1/ads/${ad.ad_uid}/click`)).json().data.clicks).toBe(2);
    for (const [bad, status] of [[`ad_${'0'.repeat(20)}`, 404], ['ad_x', 400]] as const) {
      const res = await callAs(app, client, 'POST', `/api/v1/ads/${bad}/click`);
      expect([res.statusCode, res.json().msg]).toEqual([status, M.adNotFound]);
    }

    // Impressions from the views push ('ad_…' items), once per push, never past the budget (3): then it stops.
    const browser = new TestBrowser(app, '10.16');
    browser.cookies[SESSION_COOKIE] = client.token;
    const push = (n: number) => browser.call('POST', '/api/v1/properties/views', { push_id: randomBytes(8).toString('hex'), data: { [ad.ad_uid]: n } }, { 'user-agent': HUMAN_UA });
    expect((await push(2)).statusCode).toBe(200);
    const staffView = async () => ZStaffAds.parse((await callAs(app, staff, 'GET', '/api/v1/ads')).json().data).ads.find((a) => a.ad_uid === ad.ad_uid)!;
    expect(await staffView()).toMatchObject({ impressions: 2, clicks: 2, status: 'running' });
    await push(5);
    expect(await staffView()).toMatchObject({ impressions: 3, status: 'spent' });
    expect(await at(`lat=${LAT}&lng=${LNG}`)).toEqual([]);

    // More budget brings it back; pausing hides it again.
    const more = await callAs(app, staff, 'PUT', `/api/v1/ads/${ad.ad_uid}`, { budget_impressions: 100 });
    expect(ZStaffAd.parse(more.json().data).status).toBe('running');
    expect(await at(`lat=${LAT}&lng=${LNG}`)).toEqual([ad.ad_uid]);
    await callAs(app, staff, 'PUT', `/api/v1/ads/${ad.ad_uid}`, { is_paused: true });
    expect(await at(`lat=${LAT}&lng=${LNG}`)).toEqual([]);
    const unknown = await callAs(app, staff, 'PUT', `/api/v1/ads/ad_${'0'.repeat(20)}`, { is_paused: false });
    expect([unknown.statusCode, unknown.json().msg]).toEqual([404, M.adNotFound]);
  });

  it('a circle around a listing: the ad names the listing', async () => {
    const { app } = t;
    const staff = await supportUser();
    const [listing] = await insertTestProperties(t.database, [{ lat: LAT - 0.5, lng: LNG }]);
    const res = await callAs(app, staff, 'POST', '/api/v1/ads', adBody({ link_url: null, puid: listing!.puid, area: { kind: 'circle', lat: LAT - 0.5, lng: LNG, radius_m: 1_000 } }));
    expect(res.statusCode).toBe(200);
    const ads = ZMapAds.parse((await callAs(app, null, 'GET', `/api/v1/ads/map_search?lat=${LAT - 0.5 + 0.005}&lng=${LNG}`)).json().data).ads;
    expect(ads.map((a) => a.listing)).toEqual([{ puid: listing!.puid, slug: listing!.slug }]);
    // 0.02° north is ~2.2 km: outside the 1 km circle.
    expect(ZMapAds.parse((await callAs(app, null, 'GET', `/api/v1/ads/map_search?lat=${LAT - 0.5 + 0.02}&lng=${LNG}`)).json().data).ads).toEqual([]);
  });

  it('rate-limits the map call per client (60 a minute), in Spanish, and not another client', async () => {
    const { app } = t;
    const one = await createTestClientSession(t.database);
    const other = await createTestClientSession(t.database);
    for (let i = 0; i < 60; i++) {
      const res = await callAs(app, one, 'GET', `/api/v1/ads/map_search?lat=${LAT}&lng=${LNG}`);
      expect([i, res.statusCode]).toEqual([i, 200]);
    }
    const limited = await callAs(app, one, 'GET', `/api/v1/ads/map_search?lat=${LAT}&lng=${LNG}`);
    expect(limited.statusCode).toBe(429);
    spanish(limited.json().msg);
    // The cuid parameter names nobody: the limit follows the session.
    expect(other.cuid).not.toBe(one.cuid);
    const plain = await callAs(app, other, 'GET', `/api/v1/ads/map_search?lat=${LAT}&lng=${LNG}`);
    expect([plain.statusCode, plain.body]).toEqual([200, plain.body]);
    expect((await callAs(app, other, 'GET', `/api/v1/ads/map_search?cuid=${one.cuid}&lat=${LAT}&lng=${LNG}`)).statusCode).toBe(200);
  });
});
