import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type Database } from '@nj/db';
import type { TSearchQuery } from '@nj/contracts';
import { insertTestProperties } from './testing/insert-properties.ts';
import { createSearchService, type SearchService } from './search-service.ts';
import { propertiesRepository, type ListingColumns } from '../properties/properties-repository.ts';

// Issue 10: imported listings may have a geocoded (approximate) point and an unknown publication date. Placed in an
// empty part of Sonora so no seeded listing shares the viewport.
let database: Database;
let search: SearchService;
let dated: { puid: string }[];
let undated: { puid: string; slug: string };
let approx: { puid: string; slug: string };
beforeAll(async () => {
  database = await openTestDatabase();
  search = await createSearchService({ database, exchangeRates: { usd: 18.5, eur: 20 } });
  dated = await insertTestProperties(database, [
    { lat: 30.101, lng: -110.101, published_at: '2024-03-01T12:00:00Z' },
    { lat: 30.102, lng: -110.102, published_at: '2025-06-01T12:00:00Z' },
  ]);
  undated = (await insertTestProperties(database, [{ lat: 30.103, lng: -110.103, published_at: null }]))[0]!;
  approx = (await insertTestProperties(database, [
    { lat: 30.2, lng: -110.3, published_at: '2023-01-01T12:00:00Z', location_precision: 'colonia' },
  ]))[0]!;
});
afterAll(async () => {
  await database?.close();
});

const query = (over: Partial<TSearchQuery> = {}): TSearchQuery =>
  ({ north: 30.5, south: 30, east: -110, west: -110.5, zoom: 17, ...over });

describe('search answers for imported listings (issue 10)', () => {
  it("puts listings with an unknown date after the dated ones in 'Más recientes', with cat null", async () => {
    const res = await search.search(query({ order_by: 'newest' }));
    const order = res.properties.map((p) => p.uid);
    expect(order).toEqual([dated[1]!.puid, dated[0]!.puid, approx.puid, undated.puid]);
    expect(res.properties.at(-1)!.cat).toBeNull();
    expect(res.properties[0]!.cat).toBe('2025-06-01T12:00:00.000Z');
  });

  it("puts them last in 'Más antiguas' too", async () => {
    const res = await search.search(query({ order_by: 'oldest' }));
    expect(res.properties.map((p) => p.uid)).toEqual([approx.puid, dated[0]!.puid, dated[1]!.puid, undated.puid]);
  });

  it('marks a geocoded listing approximate in cards and map pins; exact ones are not', async () => {
    const res = await search.search(query({ map: '1' }));
    const card = res.properties.find((p) => p.uid === approx.puid)!;
    expect(card).toMatchObject({ location_precision: 'colonia', approximate: true });
    expect(res.properties.find((p) => p.uid === undated.puid)).toMatchObject({ location_precision: 'exact', approximate: false });
    const pin = res.clusters.find((c) => c.uid === approx.puid);
    expect(pin).toMatchObject({ count: 1, approximate: true });
    expect(res.clusters.find((c) => c.uid === dated[0]!.puid)?.approximate).toBeUndefined();
  });

  it('shows the detail of an undated, approximate listing', async () => {
    const detail = await search.getProperty(approx.slug);
    expect(detail).toMatchObject({ approximate: true, location_precision: 'colonia' });
    expect((await search.getProperty(undated.slug)).cat).toBeNull();
    expect(detail.approximate_area).toBeUndefined(); // no shipped colonia outline there: the map draws a circle
  });

  it('becomes exact when its owner moves the point, and stays approximate when an edit keeps it', async () => {
    const [p] = await insertTestProperties(database, [{ lat: 30.3, lng: -110.4, location_precision: 'postal_code' }]);
    const { nj_uid: njUid, slug } = p!;
    const precision = async () => (await database.db.selectFrom('properties').select('location_precision').where('puid', '=', p!.puid).executeTakeFirstOrThrow()).location_precision;
    await propertiesRepository.update(database.db, p!.puid, njUid, slug, { title: 'Casa', lat: 30.3, lng: -110.4 } as ListingColumns);
    expect(await precision()).toBe('postal_code');
    await propertiesRepository.update(database.db, p!.puid, njUid, slug, { title: 'Casa', lat: 30.3012, lng: -110.4 } as ListingColumns);
    expect(await precision()).toBe('exact');
  });

  it("carries the colonia's outline when the listing stands at a shipped colonia's point", async () => {
    const roma = await database.db.selectFrom('places').select(['lat', 'lng']).where('name_norm', '=', 'roma norte')
      .where('municipality_code', '=', '09015').where('kind', '=', 'neighbourhood').executeTakeFirstOrThrow();
    const [atColonia, byPostalCode, offPoint] = await insertTestProperties(database, [
      { lat: roma.lat, lng: roma.lng, location_precision: 'colonia' },
      { lat: roma.lat, lng: roma.lng, location_precision: 'postal_code' },
      { lat: roma.lat + 0.0005, lng: roma.lng, location_precision: 'colonia' },
    ]);
    const outline = (await search.getProperty(atColonia!.slug)).approximate_area;
    expect(outline?.type).toBe('MultiPolygon');
    const ring = outline!.coordinates[0]![0]!;
    expect(Math.min(...ring.map((v) => v[1]))).toBeLessThan(roma.lat);
    expect(Math.max(...ring.map((v) => v[1]))).toBeGreaterThan(roma.lat);
    expect((await search.getProperty(byPostalCode!.slug)).approximate_area).toBeUndefined();
    expect((await search.getProperty(offPoint!.slug)).approximate_area).toBeUndefined();
  });
});
