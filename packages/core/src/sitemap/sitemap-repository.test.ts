import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openTestDatabase, type Database } from '@nj/db';
import { M_PER_DEG, placeOutline, pointPlaceRadiusM } from '@nj/geo/place-outline';
import { insertTestProperties } from '../search/testing/insert-properties.ts';
import { insertTestPlaces } from '../search/testing/insert-places.ts';
import { buildIndex } from '../search/index/sync-index.ts';
import { compileArea } from '../search/index/search-area.ts';
import { toIndexQuery } from '../search/search-properties.ts';
import { sitemapRepository } from './sitemap-repository.ts';
import { resolveSearchPlace } from '../search/resolve-search-place.ts';
import { findPlaceBySlug } from '@nj/geo/find-place-by-slug';
import { placeViewport } from '@nj/contracts/search/place-viewport';

/** What sitemap.xml reads (issue 2 §5), now through the properties repository (issue 8 §3), on the seeded template. */

let database: Database;
let inactive: string;
beforeAll(async () => {
  database = await openTestDatabase();
  const [p] = await insertTestProperties(database, [{ lat: 20.67, lng: -103.39, is_active: false }]);
  inactive = p!.puid;
});
afterAll(async () => {
  await database?.close();
});

describe('sitemapRepository', () => {
  it('walks every active listing once in puid order, by offset and keyset, and no inactive one', async () => {
    const count = await sitemapRepository.countActiveListings(database);
    const expected = (await sql<{ puid: string }>`SELECT puid FROM properties WHERE is_active ORDER BY puid`.execute(database.db)).rows.map((r) => r.puid);
    expect(count).toBe(expected.length);
    expect(count).toBeGreaterThan(0);

    const walked: string[] = [];
    let after: string | null = null;
    for (;;) {
      const rows = await sitemapRepository.activeListingsAfter(database, after, 500);
      if (rows.length === 0) break;
      walked.push(...rows.map((r) => r.puid));
      after = rows.at(-1)!.puid;
    }
    expect(walked).toEqual(expected);
    expect(walked).not.toContain(inactive);

    expect(await sitemapRepository.puidAtOffset(database, 0)).toBe(expected[0]);
    expect(await sitemapRepository.puidAtOffset(database, count - 1)).toBe(expected.at(-1));
    expect(await sitemapRepository.puidAtOffset(database, count)).toBeNull();
  });
});

// Issue 9: a colonia's page is in the sitemap exactly when it shows listings, for each operation. The oracle is the
// search every colonia page runs: the in-memory index over the page's viewport (its bbox rounded to 6 decimals, as
// the page writes it; the whole country for a place known by its point, whose circle the page's box holds) with the
// place's area (placeOutline compiled, as resolveSearchPlace does) and the operation.
type PlaceRow = {
  id: string; slug: string; kind: string; lat: number; lng: number; population: number;
  min_lat: number | null; min_lng: number | null; max_lat: number | null; max_lng: number | null;
};
const r6 = (v: number) => Math.round(v * 1e6) / 1e6;
async function pageShows(db: Database, places: PlaceRow[]): Promise<Map<string, { rent: boolean; sale: boolean }>> {
  const { index } = await buildIndex(db, { usd: 18.5, eur: 20 });
  const out = new Map<string, { rent: boolean; sale: boolean }>();
  for (const p of places) {
    const bounded = p.min_lat !== null && p.max_lat !== null && p.min_lng !== null && p.max_lng !== null
      && p.max_lat > p.min_lat && p.max_lng > p.min_lng;
    const view = bounded
      ? { north: r6(p.max_lat!), south: r6(p.min_lat!), east: r6(p.max_lng!), west: r6(p.min_lng!) }
      : { north: 33, south: 14, east: -86, west: -118.5 };
    const area = compileArea(placeOutline(p).polygons);
    const shows = (op: 'rent' | 'sale') => {
      const q = toIndexQuery({ ...view, zoom: 15, op_type: op, status: 'active', v: '2' });
      q.area = area;
      q.limit = 0;
      q.withClusters = false;
      return index.query(q).total > 0;
    };
    const flags = { rent: shows('rent'), sale: shows('sale') };
    if (flags.rent || flags.sale) out.set(p.slug, flags);
  }
  return out;
}
async function neighbourhoods(db: Database): Promise<PlaceRow[]> {
  const rows = await db.db.selectFrom('places').select(['id', 'slug', 'kind', 'lat', 'lng', 'min_lat', 'min_lng', 'max_lat', 'max_lng', 'population'])
    .where('kind', '=', 'neighbourhood').execute();
  const num = (v: unknown) => (v === null ? null : Number(v));
  return rows.map((r) => ({
    ...r, lat: Number(r.lat), lng: Number(r.lng), population: Number(r.population),
    min_lat: num(r.min_lat), min_lng: num(r.min_lng), max_lat: num(r.max_lat), max_lng: num(r.max_lng),
  }));
}

describe('sitemapRepository.coloniaPages (issue 9)', () => {
  it('lists the colonias whose page shows listings, by operation, as the page search decides, for every colonia', async () => {
    const pages = await sitemapRepository.coloniaPages(database);
    expect(pages.map((p) => p.slug)).toEqual([...new Set(pages.map((p) => p.slug))].sort());
    const expected = await pageShows(database, await neighbourhoods(database));
    expect(expected.size).toBeGreaterThan(5); // Providencia's listings lie in several shipped colonias
    expect(new Map(pages.map((p) => [p.slug, { rent: p.rent, sale: p.sale }]))).toEqual(expected);
    // Providencia (a shipped polygon) has listings of both operations in the seeded sample.
    expect(pages.find((p) => p.slug.startsWith('providencia-'))).toMatchObject({ rent: true, sale: true });
  });

  it('tests a point colonia on its 48-sided circle, a bbox with its edges, and active listings only', async () => {
    // Off Isla Socorro, away from every seeded place and listing.
    const [lat, lng] = [18.75, -111.0];
    const rLat = pointPlaceRadiusM('neighbourhood', null) / M_PER_DEG;
    const rLng = rLat / Math.cos((lat * Math.PI) / 180);
    // ρ (in radii) at angle θ from the centre. Sectors are 7.5° wide: mid-sector (θ = 3.75°) the polygon's edge is at
    // cos(π/48) ≈ 0.99786 of the radius.
    const at = (cLat: number, cLng: number, rho: number, deg: number) => ({
      lat: cLat + rho * rLat * Math.sin((deg * Math.PI) / 180), lng: cLng + rho * rLng * Math.cos((deg * Math.PI) / 180),
    });
    const [circle, twin, emptied, boxed, missed, busy] = await insertTestPlaces(database, [
      { lat, lng }, { lat, lng }, { lat: lat + 0.1, lng },
      { lat: 18.6, lng: -111.2, bounds: { north: 18.601, south: 18.599, east: -111.199, west: -111.201 } },
      { lat: 18.6, lng: -111.3, bounds: { north: 18.601, south: 18.599, east: -111.299, west: -111.301 } },
      { lat: 18.5, lng: -111.0 },
    ]);
    await insertTestProperties(database, [
      { ...at(lat, lng, 0.997, 3.75), is_renta: true }, // inside the polygon
      { ...at(lat, lng, 0.999, 3.75), is_venta: true }, // inside the circle, outside the polygon: not on the page
      { ...at(lat, lng, 0.999, 3.75), is_venta: true, is_renta: true, is_active: false },
      { ...at(lat + 0.1, lng, 0.5, 100), is_active: false }, // the only listing in its colonia is deactivated
      { ...at(lat + 0.1, lng, 1.01, 0), is_venta: true },
      { lat: 18.601, lng: -111.199, is_venta: true }, // the bbox's corner
      { lat: 18.6005, lng: -111.29899, is_renta: true }, // 1 m east of the bbox
      // More sale listings than one probe reads, and one rent listing among them.
      ...Array.from({ length: 30 }, (_, i) => ({ ...at(18.5, -111.0, 0.5, i * 12), is_venta: true })),
      { ...at(18.5, -111.0, 0.2, 45), is_renta: true },
    ]);
    const pages = new Map((await sitemapRepository.coloniaPages(database)).map((p) => [p.slug, { rent: p.rent, sale: p.sale }]));
    expect(pages.get(circle!.slug)).toEqual({ rent: true, sale: false });
    expect(pages.get(twin!.slug)).toEqual({ rent: true, sale: false });
    expect(pages.has(emptied!.slug)).toBe(false);
    expect(pages.get(boxed!.slug)).toEqual({ rent: false, sale: true });
    expect(pages.has(missed!.slug)).toBe(false);
    expect(pages.get(busy!.slug)).toEqual({ rent: true, sale: true });
    // And the page search agrees on each.
    const mine = (await neighbourhoods(database)).filter((p) => p.id.startsWith('T'));
    const shown = await pageShows(database, mine);
    for (const p of mine) expect(pages.get(p.slug), p.slug).toEqual(shown.get(p.slug));
  });
});

// Issue 9 §3, decision 015: a state's, municipality's or town's page (and each of its category pages) is in the
// sitemap exactly when it shows listings of that type and operation. The oracle is what such a page runs
// (listing-loader): the place as its slug resolves (packages/geo findPlaceBySlug → toPlaceSuggestion), the viewport
// it opens on (contracts placeViewport, rounded to 6 decimals as searchApiQuery writes it), the search's own area for
// `place=` (resolveSearchPlace: placeOutline from the shipped files, compiled) and the in-memory index, one query per
// operation and type.
type PlacePageRow = { slug: string; property_type: string; rent: boolean; sale: boolean };
async function placePagesShown(db: Database): Promise<PlacePageRow[]> {
  const { index } = await buildIndex(db, { usd: 18.5, eur: 20 });
  const types = (await sql<{ t: string }>`SELECT DISTINCT property_type AS t FROM properties WHERE is_active ORDER BY 1`.execute(db.db)).rows.map((r) => r.t);
  const slugs = (await sql<{ slug: string }>`SELECT slug FROM places
    WHERE kind = 'region' OR id LIKE 'M%' OR (kind = 'locality' AND population >= 20000) ORDER BY slug`.execute(db.db)).rows.map((r) => r.slug);
  const out: PlacePageRow[] = [];
  for (const slug of slugs) {
    const place = await findPlaceBySlug(db, slug);
    if (!place) continue;
    const v = placeViewport(place);
    const view = { north: r6(v.north), south: r6(v.south), east: r6(v.east), west: r6(v.west) };
    const count = (op: 'rent' | 'sale', type: string | null, area: ReturnType<typeof compileArea> | null) => {
      const q = toIndexQuery({
        ...view, zoom: place.zoom, op_type: op, status: 'active', v: '2', ...(type ? { property_types: [type] } : {}),
      } as Parameters<typeof toIndexQuery>[0]);
      if (area) q.area = area;
      q.limit = 0;
      q.withClusters = false;
      return index.query(q).total;
    };
    // Most viewports hold no listing at all: their area is not compiled.
    if (count('rent', null, null) === 0 && count('sale', null, null) === 0) continue;
    const area = (await resolveSearchPlace(db, slug)).area;
    for (const t of types) {
      const rent = count('rent', t, area) > 0;
      const sale = count('sale', t, area) > 0;
      if (rent || sale) out.push({ slug, property_type: t, rent, sale });
    }
  }
  return out;
}

describe('sitemapRepository.placePages (issue 9 §3, decision 015)', () => {
  it('lists the state, municipality and town pages that show listings, by type and operation, as each page searches, for every one', async () => {
    // Listings over the whole country (many at sea, some inactive), by type and operation, so most states and many
    // municipalities hold some; and pairs 30 m either side of Guadalajara's border vertices (its neighbours too).
    const types = ['house', 'apartment', 'land', 'oficina', 'local_comercial', 'bodega_industrial', 'otro'];
    let seed = 7;
    const rnd = () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;
    const spread: { lat: number; lng: number; property_type: string; is_renta: boolean; is_venta: boolean; is_active: boolean }[] = [];
    for (let lat = 14.6; lat <= 32.6; lat += 0.6) {
      for (let lng = -117.2; lng <= -86.6; lng += 0.6) {
        const i = spread.length;
        spread.push({
          lat: lat + rnd() * 0.5, lng: lng + rnd() * 0.5, property_type: types[i % types.length]!,
          is_renta: i % 3 !== 1, is_venta: i % 3 !== 0, is_active: i % 11 !== 5,
        });
      }
    }
    const gdl = await database.db.selectFrom('places').select(['id', 'kind', 'lat', 'lng', 'min_lat', 'min_lng', 'max_lat', 'max_lng', 'population'])
      .where('slug', '=', 'guadalajara').executeTakeFirstOrThrow();
    const ring = placeOutline({ ...gdl, lat: Number(gdl.lat), lng: Number(gdl.lng) }).polygons[0]![0]!;
    const border = ring.filter((_, i) => i % Math.max(1, Math.floor(ring.length / 40)) === 0).flatMap(([lng, lat], i) => [
      { lat: lat!, lng: lng! - 0.0003, property_type: i % 2 ? 'oficina' : 'land', is_venta: true },
      { lat: lat!, lng: lng! + 0.0003, property_type: i % 2 ? 'land' : 'oficina', is_renta: true },
    ]);
    // Cancún (a town known by its point: a 7.5 km circle, its page a zoom-12 box ~6.4 km high): 7 km north is inside
    // the circle but off the page; 5 km west is on it.
    const cancun = await database.db.selectFrom('places').select(['slug', 'lat', 'lng']).where('id', '=', 'L230050001').executeTakeFirstOrThrow();
    await insertTestProperties(database, [
      ...spread, ...border,
      { lat: Number(cancun.lat) + 7000 / M_PER_DEG, lng: Number(cancun.lng), property_type: 'huerta', is_venta: true },
      { lat: Number(cancun.lat), lng: Number(cancun.lng) - 5000 / M_PER_DEG / Math.cos((21.16 * Math.PI) / 180), property_type: 'ranch', is_renta: true },
    ]);

    const pages = await sitemapRepository.placePages(database);
    // In slug and type order, each pair once.
    const bySlugType = (a: PlacePageRow, b: PlacePageRow) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : a.property_type < b.property_type ? -1 : a.property_type > b.property_type ? 1 : 0);
    expect(pages).toEqual([...pages].sort(bySlugType));
    expect(new Set(pages.map((p) => `${p.slug} ${p.property_type}`)).size).toBe(pages.length);
    const expected = await placePagesShown(database);
    expect(new Set(expected.map((p) => p.slug)).size).toBeGreaterThan(100);
    expect(pages).toEqual(expected);
    // The seeded Providencia listings: Guadalajara and Jalisco show apartments for rent and for sale.
    expect(pages.find((p) => p.slug === 'guadalajara' && p.property_type === 'apartment')).toMatchObject({ rent: true, sale: true });
    expect(pages.find((p) => p.slug === 'jalisco' && p.property_type === 'apartment')).toMatchObject({ rent: true, sale: true });
    const inCancun = pages.filter((p) => p.slug === cancun.slug);
    expect(inCancun.find((p) => p.property_type === 'ranch')).toEqual({ slug: cancun.slug, property_type: 'ranch', rent: true, sale: false });
    expect(inCancun.some((p) => p.property_type === 'huerta')).toBe(false);
    // A state with no listing on land at all has no page.
    expect(pages.some((p) => p.slug === 'tijuana')).toBe(expected.some((p) => p.slug === 'tijuana'));
  });
});
