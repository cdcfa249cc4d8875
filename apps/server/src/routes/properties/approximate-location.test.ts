import { beforeAll, describe, expect, it } from 'vitest';
import { ZPropertyDetail, ZSearchResult } from '@nj/contracts';
import { insertTestProperties } from '@nj/core/search/testing/insert-properties';
import { TestBrowser } from '../../testing/test-browser.ts';
import { useTestApp } from '../../testing/test-app.ts';

// Issue 10: imported listings placed by the geocoder (approximate) and with an unknown publication date, through the
// API the pages call. Fixtures in Mexico City's Roma Norte (at the shipped colonia's point) and on Isla Ángel de la
// Guarda (Baja California), where no seeded listing is.
const t = useTestApp();
let atColonia: { puid: string; slug: string };
let byMunicipality: { puid: string; slug: string };
let undated: { puid: string; slug: string };

beforeAll(async () => {
  const roma = await t.database.db.selectFrom('places').select(['lat', 'lng']).where('name_norm', '=', 'roma norte')
    .where('municipality_code', '=', '09015').where('kind', '=', 'neighbourhood').executeTakeFirstOrThrow();
  const rows = await insertTestProperties(t.database, [
    { lat: roma.lat, lng: roma.lng, location_precision: 'colonia', published_at: '2025-01-10T12:00:00Z' },
    { lat: 29.3, lng: -113.4, location_precision: 'municipality', published_at: '2025-01-10T12:00:00Z' },
    { lat: 29.31, lng: -113.41, published_at: null },
  ]);
  [atColonia, byMunicipality, undated] = [rows[0]!, rows[1]!, rows[2]!];
});

const browser = () => new TestBrowser(t.app, '10.92');

describe('approximate listings through the API (issue 10)', () => {
  it("gives the detail of a colonia-placed listing with the colonia's outline", async () => {
    const res = await browser().call('GET', `/api/v1/properties/${atColonia.slug}`);
    expect(res.statusCode).toBe(200);
    const detail = ZPropertyDetail.parse(res.json().data);
    expect(detail).toMatchObject({ approximate: true, location_precision: 'colonia' });
    expect(detail.approximate_area?.type).toBe('MultiPolygon');
    expect(detail.approximate_area!.coordinates[0]![0]!.length).toBeGreaterThan(3);
  });

  it('gives no outline for a municipality-placed listing (the map draws a circle) and a null date when unknown', async () => {
    const coarse = ZPropertyDetail.parse((await browser().call('GET', `/api/v1/properties/${byMunicipality.slug}`)).json().data);
    expect(coarse).toMatchObject({ approximate: true, location_precision: 'municipality' });
    expect(coarse.approximate_area).toBeUndefined();
    const exact = ZPropertyDetail.parse((await browser().call('GET', `/api/v1/properties/${undated.slug}`)).json().data);
    expect(exact).toMatchObject({ approximate: false, location_precision: 'exact', cat: null });
  });

  it("marks approximate pins and lists the undated listing last in 'Más recientes'", async () => {
    const res = await browser().call('POST', '/api/v1/properties/search?north=29.5&south=29.1&east=-113.2&west=-113.6&zoom=16&map=1&order_by=newest');
    expect(res.statusCode).toBe(200);
    const result = ZSearchResult.parse(res.json().data);
    expect(result.properties.map((p) => p.uid)).toEqual([byMunicipality.puid, undated.puid]);
    expect(result.clusters.find((c) => c.uid === byMunicipality.puid)).toMatchObject({ approximate: true });
    expect(result.clusters.find((c) => c.uid === undated.puid)?.approximate).toBeUndefined();
  });
});
