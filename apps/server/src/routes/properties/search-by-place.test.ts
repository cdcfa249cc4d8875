import { describe, expect, it } from 'vitest';
import { SEARCH_MESSAGES, ZPlaceOutline, ZSearchResult } from '@nj/contracts';
import { insertTestProperties } from '@nj/core/search/testing/insert-properties';
import { createTestClientSession } from '@nj/core/likes/testing/registered-session';
import { useTestApp } from '../../testing/test-app.ts';
import { TestBrowser } from '../../testing/test-browser.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';

// Issue 9 §2–§3: `place=` narrows a search to the place's outline, not its bounding box. Fixtures carry a rent no real
// listing has (a filter only they pass), placed in Guadalajara and in the parts of Zapopan inside Guadalajara's bbox.
const t = useTestApp();
const RENT = 987_654;
const IN_GDL = [[20.6767, -103.3475], [20.6597, -103.3496], [20.7, -103.37], [20.66, -103.39], [20.7, -103.4]] as const;
const IN_ZAPOPAN = [[20.7214, -103.3912], [20.74, -103.4], [20.72, -103.39], [20.735, -103.38]] as const;
/** Guadalajara's bbox (INEGI) and more: without the place every fixture is in view. */
const VIEW = { north: 20.76, south: 20.6, east: -103.26, west: -103.41 };

async function search(b: TestBrowser, extra: Record<string, string | number | undefined>) {
  const qs = new URLSearchParams(Object.entries({ ...VIEW, zoom: 16, v: 2, map: 1, op_type: 'rent', price_min: RENT - 1, price_max: RENT + 1, ...extra })
    .flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]]))).toString();
  return b.call('POST', `/api/v1/properties/search?${qs}`);
}

describe('POST /api/v1/properties/search?place=', () => {
  it('lists only Guadalajara with place=guadalajara, and the count, cards and pins agree', async () => {
    const gdl = await insertTestProperties(t.database, IN_GDL.map(([lat, lng]) => ({ lat, lng, rent_price: RENT })));
    const zap = await insertTestProperties(t.database, IN_ZAPOPAN.map(([lat, lng]) => ({ lat, lng, rent_price: RENT, municipality: 'Zapopan' })));
    const b = new TestBrowser(t.app);

    const all = ZSearchResult.parse((await search(b, {})).json().data);
    expect(all.total).toBe(IN_GDL.length + IN_ZAPOPAN.length);

    const res = await search(b, { place: 'guadalajara' });
    expect(res.statusCode).toBe(200);
    const data = ZSearchResult.parse(res.json().data);
    expect(new Set(data.properties.map((p) => p.uid))).toEqual(new Set(gdl.map((g) => g.puid)));
    expect(data.properties.some((p) => zap.some((z) => z.puid === p.uid))).toBe(false);
    expect(data.total).toBe(data.properties.length);
    expect(data.clusters.reduce((n, c) => n + c.count, 0)).toBe(data.total);

    // Zapopan is the complement inside this view; a zoomed-out map (clusters of whole grid cells) agrees too.
    const zapopan = ZSearchResult.parse((await search(b, { place: 'zapopan', zoom: 9 })).json().data);
    expect(new Set(zapopan.properties.map((p) => p.uid))).toEqual(new Set(zap.map((z) => z.puid)));
    expect(zapopan.clusters.reduce((n, c) => n + c.count, 0)).toBe(zapopan.total);
  });

  it('without the rent filter, no listing of Zapopan (demo data included) shows up on the Guadalajara page', async () => {
    const [inside] = await insertTestProperties(t.database, [{ lat: 20.68, lng: -103.35, published_at: '2030-01-02' }]);
    const [outside] = await insertTestProperties(t.database, [{ lat: 20.73, lng: -103.385, published_at: '2030-01-03', municipality: 'Zapopan' }]);
    const b = new TestBrowser(t.app);
    const res = await search(b, { place: 'guadalajara', price_min: undefined, price_max: undefined, zoom: 12 });
    expect(res.statusCode).toBe(200);
    const data = ZSearchResult.parse(res.json().data);
    expect(data.properties[0]?.uid).toBe(inside!.puid);
    expect(data.properties.map((p) => p.uid)).not.toContain(outside!.puid);
    for (const p of data.properties) expect(p.location.municipality ?? 'Guadalajara').not.toBe('Zapopan');
    expect(data.clusters.reduce((n, c) => n + c.count, 0)).toBe(data.total);
  });

  it('narrows the owner\'s deactivated listings (status=inactive) by the same area as the active ones', async () => {
    const owner = await createTestClientSession(t.database);
    const rent = RENT + 7;
    const inGdl = await insertTestProperties(t.database, IN_GDL.map(([lat, lng], i) => ({
      lat, lng, rent_price: rent, owner_cuid: owner.cuid, is_active: false, published_at: `2029-01-0${i + 1}`,
    })));
    const inZapopan = await insertTestProperties(t.database, IN_ZAPOPAN.map(([lat, lng]) => ({
      lat, lng, rent_price: rent, owner_cuid: owner.cuid, is_active: false, municipality: 'Zapopan',
    })));
    // The same points, active and someone else's: what the place keeps of them is what it must keep of the owner's.
    const twins = await insertTestProperties(t.database, [...IN_GDL, ...IN_ZAPOPAN].map(([lat, lng]) => ({ lat, lng, rent_price: rent + 1 })));
    const b = new TestBrowser(t.app, '10.82');
    b.cookies[SESSION_COOKIE] = owner.token;
    const inactive = async (extra: Record<string, string | number | undefined>) => {
      const res = await search(b, { price_min: undefined, price_max: undefined, status: 'inactive', ...extra });
      expect(res.statusCode).toBe(200);
      return ZSearchResult.parse(res.json().data);
    };

    const all = await inactive({});
    expect(new Set(all.properties.map((p) => p.uid))).toEqual(new Set([...inGdl, ...inZapopan].map((x) => x.puid)));

    const gdl = await inactive({ place: 'guadalajara' });
    expect(gdl.properties.map((p) => p.uid)).toEqual(inGdl.map((x) => x.puid).reverse()); // newest first
    expect(gdl.total).toBe(IN_GDL.length);
    expect(gdl.clusters.map((c) => c.uid)).toEqual(gdl.properties.map((p) => p.uid));
    const zapopan = await inactive({ place: 'zapopan', op_type: 'rent' });
    expect(new Set(zapopan.properties.map((p) => p.uid))).toEqual(new Set(inZapopan.map((x) => x.puid)));
    expect(zapopan.total).toBe(IN_ZAPOPAN.length);
    expect((await inactive({ place: 'zapopan', op_type: 'sale' })).total).toBe(0);

    // The active twins at the same points: the place keeps the same positions.
    const activeGdl = ZSearchResult.parse((await search(b, { place: 'guadalajara', price_min: rent, price_max: rent + 2 })).json().data);
    const position = (p: { location: { lat: number; lng: number } }) => `${p.location.lat},${p.location.lng}`;
    expect(new Set(activeGdl.properties.map(position))).toEqual(new Set(gdl.properties.map(position)));
    expect(activeGdl.properties.every((p) => twins.some((x) => x.puid === p.uid))).toBe(true);

    // A page past the area's listings is empty but keeps the total; an unknown place is the same 404 as for active.
    const past = await inactive({ place: 'guadalajara', page: 2 });
    expect(past).toMatchObject({ properties: [], total: IN_GDL.length });
    const unknown = await search(b, { status: 'inactive', place: 'no-existe-este-lugar' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe(SEARCH_MESSAGES.unknownPlace);
    // Nobody else sees them, with or without the place.
    expect((await search(new TestBrowser(t.app, '10.83'), { status: 'inactive', place: 'guadalajara' })).json().data.total).toBe(0);
  });

  it('refuses an unknown or malformed place in Spanish, never answering the whole country', async () => {
    const b = new TestBrowser(t.app);
    const unknown = await search(b, { place: 'no-existe-este-lugar' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe(SEARCH_MESSAGES.unknownPlace);
    for (const bad of ['<script>', 'a'.repeat(300), 'guadalajara--']) {
      const res = await search(b, { place: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().msg).toBe(SEARCH_MESSAGES.invalidParam('place'));
    }
  });

  it('serves the outline the map draws: a municipality its INEGI polygon, a locality a circle', async () => {
    const b = new TestBrowser(t.app);
    const res = await b.call('GET', '/api/v1/places/guadalajara/outline');
    expect(res.statusCode).toBe(200);
    const outline = ZPlaceOutline.parse(res.json().data);
    expect(outline.source).toBe('boundary');
    expect(outline.coordinates[0]![0]!.length).toBeGreaterThan(50);
    const cancun = ZPlaceOutline.parse((await b.call('GET', '/api/v1/places/cancun/outline')).json().data);
    expect(cancun.source).toBe('radius');
    const missing = await b.call('GET', '/api/v1/places/no-existe-este-lugar/outline');
    expect(missing.statusCode).toBe(404);
  });
});
