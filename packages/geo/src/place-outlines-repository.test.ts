import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openTestDatabase, type Database } from '@nj/db';
import { readColoniaPolygons } from './locate-colonia-polygon.ts';
import { placeOutline } from './place-outline.ts';
import { polygonContains } from './geometry.ts';
import { replacePlaceOutlines } from './place-outlines-repository.ts';

// Issue 9: the shipped colonias' polygons are in `place_outlines` (migration 024), as placeOutline reads them from
// data/boundaries, so SQL tests the same areas as the search. The test template holds the shipped places.
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const containsSql = async (placeId: string, lat: number, lng: number) => (await sql<{ inside: boolean }>`
  SELECT ST_Intersects(geom, ST_SetSRID(ST_MakePoint(${lng}::float8, ${lat}::float8), 4326)) AS inside
  FROM place_outlines WHERE place_id = ${placeId}`.execute(database.db)).rows[0]?.inside;

describe('place_outlines', () => {
  it('holds one outline per loaded colonia, municipality and state with a shipped polygon, and none for other places', async () => {
    const shipped = new Set(readColoniaPolygons().map((p) => `G${p.id}`));
    const colonias = (await database.db.selectFrom('places').select('id').where('id', 'like', 'G%').execute()).map((r) => r.id);
    const areas = await database.db.selectFrom('places').select(['id', 'kind', 'lat', 'lng', 'min_lat', 'min_lng', 'max_lat', 'max_lng', 'population'])
      .where((eb) => eb.or([eb('id', 'like', 'M%'), eb('id', 'like', 'E%')])).execute();
    const withPolygon = areas.filter((p) => placeOutline({ ...p, lat: Number(p.lat), lng: Number(p.lng) }).source === 'boundary').map((p) => p.id);
    expect(withPolygon.filter((id) => id.startsWith('E'))).toHaveLength(32);
    expect(withPolygon.length).toBeGreaterThan(2400);
    const rows = (await sql<{ place_id: string }>`SELECT place_id FROM place_outlines`.execute(database.db)).rows.map((r) => r.place_id);
    expect(new Set(rows)).toEqual(new Set([...colonias.filter((id) => shipped.has(id)), ...withPolygon]));
  });

  it('stores a municipality\'s and a state\'s INEGI polygon as placeOutline reads it', async () => {
    for (const slug of ['zapopan', 'jalisco']) {
      const place = await database.db.selectFrom('places').select(['id', 'kind', 'lat', 'lng', 'min_lat', 'min_lng', 'max_lat', 'max_lng', 'population'])
        .where('slug', '=', slug).executeTakeFirstOrThrow();
      const outline = placeOutline({ ...place, lat: Number(place.lat), lng: Number(place.lng) });
      const stored = (await sql<{ shape: string }>`SELECT ST_AsGeoJSON(geom, 15) AS shape FROM place_outlines WHERE place_id = ${place.id}`
        .execute(database.db)).rows[0]!;
      expect(JSON.parse(stored.shape).coordinates, slug).toEqual(outline.polygons);
    }
  });

  it('stores the vertices the search tests: points in and out of a colonia answer alike', async () => {
    const providencia = await database.db.selectFrom('places').select(['id', 'kind', 'lat', 'lng', 'min_lat', 'min_lng', 'max_lat', 'max_lng', 'population'])
      .where('id', 'like', 'G%').where('slug', 'like', 'providencia-%').orderBy('id').executeTakeFirstOrThrow();
    const outline = placeOutline({ ...providencia, lat: Number(providencia.lat), lng: Number(providencia.lng) });
    expect(outline.source).toBe('boundary');
    // A grid over its bbox and a margin: every point where the two tests are not within a metre of the border agrees.
    const [s, n, w, e] = [Number(providencia.min_lat), Number(providencia.max_lat), Number(providencia.min_lng), Number(providencia.max_lng)];
    let inside = 0;
    for (let i = 0; i <= 12; i++) {
      for (let j = 0; j <= 12; j++) {
        const lat = s - 0.001 + ((n - s + 0.002) * i) / 12;
        const lng = w - 0.001 + ((e - w + 0.002) * j) / 12;
        const js = outline.polygons.some((p) => polygonContains(p, lng, lat));
        expect(await containsSql(providencia.id, lat, lng), `${lat},${lng}`).toBe(js);
        if (js) inside++;
      }
    }
    expect(inside).toBeGreaterThan(10);
  });

  it('stores a ring that crosses itself as the region the search reads from it (even-odd), not PostGIS\'s windings', async () => {
    const [id] = (await database.db.selectFrom('places').select('id').where('kind', '=', 'region').limit(1).execute()).map((r) => r.id);
    // A square whose ring comes back inside itself: the loop's inner square is wound twice.
    const at = (x: number, y: number): [number, number] => [-100 + x * 0.1, 20 + y * 0.1];
    const ring = [at(0, 0), at(6, 0), at(6, 6), at(2, 6), at(2, 2), at(4, 2), at(4, 4), at(0, 4), at(0, 0)];
    await replacePlaceOutlines(database.db, [{ placeId: id!, polygons: [[ring]] }]);
    const raw = async (lat: number, lng: number) => (await sql<{ inside: boolean }>`
      SELECT ST_Intersects(ST_SetSRID(ST_GeomFromGeoJSON(${JSON.stringify({ type: 'Polygon', coordinates: [ring] })}), 4326),
                           ST_SetSRID(ST_MakePoint(${lng}::float8, ${lat}::float8), 4326)) AS inside`.execute(database.db)).rows[0]!.inside;
    let differs = 0;
    for (let i = 0; i < 13; i++) {
      for (let j = 0; j < 13; j++) {
        const [lng, lat] = at(0.25 + i * 0.5, 0.25 + j * 0.5);
        const search = polygonContains([ring], lng, lat);
        expect(await containsSql(id!, lat, lng), `${lat},${lng}`).toBe(search);
        if ((await raw(lat, lng)) !== search) differs++;
      }
    }
    expect(differs).toBeGreaterThan(0); // unrepaired, PostGIS would answer otherwise somewhere
  });

  it('is replaced whole, refuses an id that is no place, and an outline goes with its place', async () => {
    const [id] = (await database.db.selectFrom('places').select('id').where('kind', '=', 'region').limit(1).execute()).map((r) => r.id);
    const outer: [number, number][] = [[-100, 20], [-99, 20], [-99, 21], [-100, 21], [-100, 20]];
    const hole: [number, number][] = [[-99.6, 20.4], [-99.4, 20.4], [-99.4, 20.6], [-99.6, 20.6], [-99.6, 20.4]];
    await expect(replacePlaceOutlines(database.db, [{ placeId: 'no-such-place', polygons: [[outer]] }])).rejects.toThrow();
    expect(await replacePlaceOutlines(database.db, [{ placeId: id!, polygons: [[outer, hole]] }])).toBe(1);
    expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM place_outlines`.execute(database.db)).rows[0]!.n).toBe(1);
    expect(await containsSql(id!, 20.2, -99.8)).toBe(true);
    expect(await containsSql(id!, 20.5, -99.5)).toBe(false); // in the hole
    expect(await containsSql(id!, 21.5, -99.5)).toBe(false);
    await database.db.deleteFrom('places').where('id', '=', id!).execute();
    expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM place_outlines`.execute(database.db)).rows[0]!.n).toBe(0);
  });
});
