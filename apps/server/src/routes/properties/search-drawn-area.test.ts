import { describe, expect, it } from 'vitest';
import { DRAWN_AREA_MESSAGES, ZSearchResult, encodeDrawnArea, encodeNear, type TLngLat } from '@nj/contracts';
import { insertTestProperties } from '@nj/core/search/testing/insert-properties';
import { useTestApp } from '../../testing/test-app.ts';
import { TestBrowser } from '../../testing/test-browser.ts';

// Issue 17: `area=` (drawn polygons) and `near=` ('cerca de') narrow the search exactly, not by their bbox. Fixtures
// carry a rent no real listing has, so only they pass the filter.
const t = useTestApp();
const RENT = 876_543;
const VIEW = { north: 20.76, south: 20.6, east: -103.26, west: -103.45 };
/** A triangle over central Guadalajara: its bbox also holds the two 'corner' fixtures, which lie outside it. */
const TRIANGLE: TLngLat[] = [[-103.40, 20.64], [-103.30, 20.64], [-103.35, 20.72]];
const INSIDE = [[20.66, -103.35], [20.68, -103.352], [20.65, -103.33]] as const;
const CORNERS = [[20.71, -103.395], [20.71, -103.305]] as const;

async function search(b: TestBrowser, extra: Record<string, string>) {
  const qs = new URLSearchParams({ ...Object.fromEntries(Object.entries(VIEW).map(([k, v]) => [k, String(v)])), zoom: '16', v: '2', map: '1',
    op_type: 'rent', price_min: String(RENT - 1), price_max: String(RENT + 1), ...extra }).toString();
  return b.call('POST', `/api/v1/properties/search?${qs}`);
}

describe('POST /api/v1/properties/search with a drawn area (issue 17)', () => {
  it('counts, lists and clusters only the listings inside the polygon, not its bbox; near= a circle', async () => {
    const inside = await insertTestProperties(t.database, INSIDE.map(([lat, lng]) => ({ lat, lng, rent_price: RENT })));
    await insertTestProperties(t.database, CORNERS.map(([lat, lng]) => ({ lat, lng, rent_price: RENT })));
    const b = new TestBrowser(t.app);
    const all = ZSearchResult.parse((await search(b, {})).json().data);
    expect(all.total).toBe(INSIDE.length + CORNERS.length);

    const res = await search(b, { area: encodeDrawnArea([TRIANGLE]) });
    expect(res.statusCode).toBe(200);
    const data = ZSearchResult.parse(res.json().data);
    expect(new Set(data.properties.map((p) => p.uid))).toEqual(new Set(inside.map((p) => p.puid)));
    expect(data.total).toBe(INSIDE.length);
    expect(data.clusters.reduce((n, c) => n + c.count, 0)).toBe(INSIDE.length);

    // Two polygons: the union. A far-away polygon alone: nothing.
    const far: TLngLat[] = [[-99.2, 19.3], [-99.1, 19.3], [-99.1, 19.4]];
    expect(ZSearchResult.parse((await search(b, { area: encodeDrawnArea([TRIANGLE, far]) })).json().data).total).toBe(INSIDE.length);
    expect(ZSearchResult.parse((await search(b, { area: encodeDrawnArea([far]) })).json().data).total).toBe(0);

    // 1 km around the first fixture holds only it (the second is 2.2 km away), 5 km the three inside, 10 km all five.
    const one = ZSearchResult.parse((await search(b, { near: encodeNear({ lat: 20.66, lng: -103.35, radiusKm: 1 }) })).json().data);
    expect(one.properties.map((p) => p.uid)).toEqual([inside[0]!.puid]);
    const five = ZSearchResult.parse((await search(b, { near: encodeNear({ lat: 20.68, lng: -103.35, radiusKm: 5 }) })).json().data);
    expect(five.total).toBe(3);
    const ten = ZSearchResult.parse((await search(b, { near: encodeNear({ lat: 20.68, lng: -103.35, radiusKm: 10 }) })).json().data);
    expect(ten.total).toBe(5);
  });

  it('answers bad areas with a Spanish 400', async () => {
    const b = new TestBrowser(t.app);
    const cases: [Record<string, string>, string][] = [
      [{ area: 'zz!' }, DRAWN_AREA_MESSAGES.invalidArea],
      [{ area: encodeDrawnArea(Array(6).fill(TRIANGLE)) }, DRAWN_AREA_MESSAGES.tooManyPolygons(5)],
      [{ area: encodeDrawnArea([TRIANGLE.slice(0, 2)]) }, DRAWN_AREA_MESSAGES.tooFewVertices(3)],
      [{ area: 'a'.repeat(5000) }, DRAWN_AREA_MESSAGES.tooLong],
      [{ near: '20.6,-103.3,3' }, DRAWN_AREA_MESSAGES.invalidNear],
      [{ area: encodeDrawnArea([TRIANGLE]), near: '20.6,-103.3,2' }, DRAWN_AREA_MESSAGES.bothAreas],
    ];
    for (const [extra, msg] of cases) {
      const res = await search(b, extra);
      expect(res.statusCode, JSON.stringify(extra).slice(0, 80)).toBe(400);
      expect(res.json().msg).toContain(msg);
    }
  });
});
