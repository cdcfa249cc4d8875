import { beforeAll, describe, expect, it } from 'vitest';
import { DETAIL_MESSAGES, SEARCH_MESSAGES, ZPropertyDetail, ZPublicAdvertiser } from '@nj/contracts';
import { insertTestProperties } from '@nj/core/search/testing/insert-properties';
import { createTestClientSession } from '@nj/core/likes/testing/registered-session';
import { TestBrowser } from '../../testing/test-browser.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';
import { useTestApp } from '../../testing/test-app.ts';

// Issue 9 §4 "The detail page people expect": the advertiser box's fields and privacy, no contact for a listing
// without an advertiser, 'Reportar anuncio' and similar listings. Fixtures on Isla Guadalupe (Baja California), where
// no seeded listing and no other test file's fixtures are.
const t = useTestApp();
const OWNER = {
  email: 'anunciante.guadalupe@example.com', phone_number: '+526461234567', nickname: 'Marta Inmuebles',
  bio: 'Asesora en Ensenada desde 2015.', profile_photo_name: 'profiles/c_marta/foto.webp',
};
let owner: { cuid: string; token: string };
let owned: { puid: string; slug: string };
let demo: { puid: string; slug: string };
let inactive: { puid: string };
let similar: { puid: string }[];

beforeAll(async () => {
  owner = await createTestClientSession(t.database);
  await t.database.db.updateTable('clients').set({
    ...OWNER, ucode: 'MARTA123', is_agent: true, is_email_verified: true, is_phone_verified: true, privileges: ['support'],
    password_hash: 'secreto-que-no-sale', created_at: new Date('2024-03-15T12:00:00Z'),
  }).where('cuid', '=', owner.cuid).execute();
  const rows = await insertTestProperties(t.database, [
    { lat: 29.05, lng: -118.28, owner_cuid: owner.cuid, rent_price: 20_000 },
    { lat: 29.06, lng: -118.29, rent_price: 20_000 },
    { lat: 29.07, lng: -118.27, owner_cuid: owner.cuid, is_active: false },
  ]);
  [owned, demo, inactive] = [rows[0]!, rows[1]!, rows[2]!];
  similar = await insertTestProperties(t.database, [
    { lat: 29.051, lng: -118.281, rent_price: 23_000 }, // similar: +15 %
    { lat: 29.04, lng: -118.27, rent_price: 17_000 }, // similar: −15 %
    { lat: 29.052, lng: -118.28, rent_price: 30_000 }, // +50 %: not similar
    { lat: 29.053, lng: -118.28, rent_price: 20_000, property_type: 'house' }, // another type
    { lat: 29.054, lng: -118.28, is_venta: true, sale_price: 20_000 }, // for sale
  ]);
});

const browser = (who: { token: string } | null = null, ip?: string) => {
  const b = new TestBrowser(t.app, ip ?? '10.91');
  if (who) b.cookies[SESSION_COOKIE] = who.token;
  return b;
};

describe('the advertiser box (issue 9 §4)', () => {
  it('shows the owner\'s public fields only: name, photo, bio, agent and verification flags, member since', async () => {
    const res = await browser().call('GET', `/api/v1/properties/${owned.slug}`);
    expect(res.statusCode).toBe(200);
    const detail = ZPropertyDetail.parse(res.json().data);
    expect(detail.advertiser).toEqual({
      nickname: OWNER.nickname, bio: OWNER.bio, is_agent: true, is_email_verified: true, is_phone_verified: true,
      is_identity_verified: false, member_since: '2024-03-15T12:00:00.000Z', response_time: null,
      photo: { url: '/media/profiles/c_marta/foto.webp', thumbUrl: '/media/profiles/c_marta/foto-thumb.webp' },
    });
    expect(Object.keys(res.json().data.advertiser).sort()).toEqual(Object.keys(ZPublicAdvertiser.shape).sort());
  });

  it('never carries the e-mail, phone, referral code, privileges, password or client id, to anyone', async () => {
    const other = await createTestClientSession(t.database);
    for (const who of [null, other, owner]) {
      const body = (await browser(who).call('GET', `/api/v1/properties/${owned.puid}`)).body;
      for (const secret of [OWNER.email, '6461234567', 'MARTA123', 'support', 'secreto-que-no-sale', owner.cuid]) {
        expect(body, `${who ? 'signed-in' : 'visitor'} answer`).not.toContain(secret);
      }
    }
  });

  it('is null for a listing without an advertiser account (imported reference listings)', async () => {
    const detail = ZPropertyDetail.parse((await browser().call('GET', `/api/v1/properties/${demo.puid}`)).json().data);
    expect(detail.advertiser).toBeNull();
  });
});

describe('contact only where someone reads it (issue 9 §4)', () => {
  const lead = (puid: string) => ({ puid, name: 'Luis Pérez', phone: '33 1234 5678', email: 'luis@example.com', message: '¿Sigue disponible?' });

  it('refuses a message about a listing without an advertiser in Spanish and stores nothing', async () => {
    const res = await browser().call('POST', '/api/v1/leads/contact', lead(demo.puid));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ msg: DETAIL_MESSAGES.leadNoAdvertiser, data: null });
    expect(await t.database.db.selectFrom('leads').select('luid').where('puid', '=', demo.puid).execute()).toEqual([]);
  });

  it('still delivers a message about a listing with an advertiser', async () => {
    const res = await browser().call('POST', '/api/v1/leads/contact', lead(owned.puid));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.emailed).toBe(true);
  });
});

describe('POST /api/v1/properties/:id/report (issue 9 §4 \'Reportar anuncio\')', () => {
  const reports = (puid: string) => t.database.db.selectFrom('listing_reports').selectAll().where('puid', '=', puid).orderBy('created_at').execute();

  it('stores a visitor\'s report with its reason and details for the support team', async () => {
    const b = browser(null, '10.92');
    const res = await b.call('POST', `/api/v1/properties/${demo.slug}/report`, { reason: 'fraud', details: '  Piden un depósito por adelantado.  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: DETAIL_MESSAGES.reportSent, data: { ruid: expect.stringMatching(/^r_[0-9a-f]{16}$/) } });
    const [row] = await reports(demo.puid);
    expect(row).toMatchObject({
      ruid: res.json().data.ruid, reason: 'fraud', details: 'Piden un depósito por adelantado.', status: 'open', ip: b.ip,
    });
  });

  it('records the signed-in reporter and accepts a code; details are optional', async () => {
    const reporter = await createTestClientSession(t.database);
    const code = (await t.database.db.selectFrom('properties').select('nj_uid').where('puid', '=', owned.puid).executeTakeFirstOrThrow()).nj_uid;
    const res = await browser(reporter, '10.93').call('POST', `/api/v1/properties/NJ-${code.toUpperCase()}/report`, { reason: 'unavailable' });
    expect(res.statusCode).toBe(200);
    const rows = await reports(owned.puid);
    expect(rows.at(-1)).toMatchObject({ reason: 'unavailable', details: null, reporter_cuid: reporter.cuid });
  });

  it('refuses bad input, unknown and deactivated listings in Spanish, and stores nothing', async () => {
    const b = browser(null, '10.94');
    const before = (await reports(owned.puid)).length;
    const bad = await b.call('POST', `/api/v1/properties/${owned.puid}/report`, { reason: 'me-cae-mal' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe(DETAIL_MESSAGES.reportReasonRequired);
    const long = await b.call('POST', `/api/v1/properties/${owned.puid}/report`, { reason: 'other', details: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toBe(DETAIL_MESSAGES.reportDetailsTooLong);
    const unknown = await browser(null, '10.95').call('POST', '/api/v1/properties/p_noexiste/report', { reason: 'other' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe(SEARCH_MESSAGES.propertyNotFound);
    const gone = await browser(null, '10.95').call('POST', `/api/v1/properties/${inactive.puid}/report`, { reason: 'other' });
    expect(gone.statusCode).toBe(410);
    expect(gone.json().msg).toBe(SEARCH_MESSAGES.propertyGone);
    expect(await reports(inactive.puid)).toEqual([]);
    expect(await reports(owned.puid)).toHaveLength(before);
  });

  it('needs the CSRF token like every mutation', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/properties/${owned.puid}/report`, payload: { reason: 'other' }, remoteAddress: '10.96.0.1' });
    expect(res.statusCode).toBe(403);
    expect(typeof res.json().msg).toBe('string');
  });

  it('is rate-limited per IP and per client: the sixth report in an hour is refused with a Spanish 429', async () => {
    const byIp = browser(null, '10.97');
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await byIp.call('POST', `/api/v1/properties/${owned.puid}/report`, { reason: 'duplicate' })).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    const reporter = await createTestClientSession(t.database);
    for (let i = 0; i < 5; i++) {
      expect((await browser(reporter, `10.98.${i}`).call('POST', `/api/v1/properties/${owned.puid}/report`, { reason: 'duplicate' })).statusCode).toBe(200);
    }
    const moved = await browser(reporter, '10.99').call('POST', `/api/v1/properties/${owned.puid}/report`, { reason: 'duplicate' });
    expect(moved.statusCode).toBe(429);
    expect(moved.json().msg).toMatch(/espera/);
  });
});

describe('similar listings on the detail page (issue 9 §4)', () => {
  it('are the same operation and type nearby within ±20 % of the price, nearest first', async () => {
    const found = await t.app.services.search.similar(owned.slug);
    expect(found.map((p) => p.uid)).toEqual([similar[0]!.puid, demo.puid, similar[1]!.puid]);
  });
});

describe('GET /api/v1/properties/:id/location.svg (issue 9 §4: no photos, something informative)', () => {
  it('answers an SVG picture with a dot, cacheable, and the detail\'s refusals in Spanish JSON', async () => {
    const res = await browser().call('GET', `/api/v1/properties/${demo.slug}/location.svg`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.body).toMatch(/^<svg [^>]*viewBox="0 0 400 300"/);
    expect(res.body).toContain('<circle');
    const gone = await browser().call('GET', `/api/v1/properties/${inactive.puid}/location.svg`);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().msg).toBe(SEARCH_MESSAGES.propertyGone);
    const unknown = await browser().call('GET', '/api/v1/properties/p_noexiste/location.svg');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe(SEARCH_MESSAGES.propertyNotFound);
  });
});
