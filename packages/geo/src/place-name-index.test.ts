import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type Database } from '@nj/db';
import { autocompletePlaces } from './autocomplete-places.ts';
import { nameTrigrams, PlaceNameIndex, readPlaceNameIndex } from './place-name-index.ts';
import type { PlaceRecord } from './place-record.ts';
import { deletePlacesBySource, MIN_NAME_SIMILARITY, upsertPlaces } from './places-repository.ts';
import { rebuildPlaceSearchIndex } from './rebuild-place-search-index.ts';

// The test template holds the shipped places (test/seed.ts); this file changes its own copy.
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('nameTrigrams', () => {
  it("makes pg_trgm's trigrams", async () => {
    for (const text of ['san jose', 'a', 'el rosario 2a seccion', 'colonia 18 de marzo', 'zapopn', 'x y z', 'aaa']) {
      const r = await sql<{ t: string[] }>`SELECT show_trgm(${text}) AS t`.execute(database.db);
      expect(nameTrigrams(text).sort(), text).toEqual([...r.rows[0]!.t].sort());
    }
  });
});

describe('PlaceNameIndex', () => {
  it("finds the same names with the same similarity as pg_trgm's similarity() over every name", async () => {
    const index = await readPlaceNameIndex(database);
    const { n } = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM place_names`.execute(database.db)).rows[0]!;
    expect(index.size).toBe(n);
    for (const q of ['san jse', 'santa mria', 'el rosaio', 'guadalajra', 'zapopn', 'monterey', 'roma nrte', 'prvidencia', 'mexc']) {
      const expected = (await sql<{ name_norm: string; s: number }>`
        SELECT name_norm, similarity(name_norm, ${q}) AS s FROM place_names
        WHERE similarity(name_norm, ${q}) >= ${MIN_NAME_SIMILARITY} ORDER BY name_norm`.execute(database.db)).rows;
      const found = index.similarNames(q, MIN_NAME_SIMILARITY).sort((a, b) => (a.name < b.name ? -1 : 1));
      expect(found.map((f) => f.name), q).toEqual(expected.map((e) => e.name_norm));
      found.forEach((f, i) => expect(f.similarity, f.name).toBeCloseTo(expected[i]!.s, 5));
    }
  });

  it('orders the names by similarity, then by how many places carry them, and says nothing for no trigram', () => {
    const index = new PlaceNameIndex([
      { name_norm: 'san jose', places: 3 }, { name_norm: 'san josue', places: 1 }, { name_norm: 'san juan', places: 9 },
      { name_norm: 'santa jose', places: 5 }, { name_norm: 'san josa', places: 2 }, { name_norm: 'san jost', places: 4 },
      { name_norm: 'xochimilco', places: 1 },
    ]);
    // 9/9, 8/12, then 7/11 twice (more places first), 7/12, 5/12; xochimilco shares nothing.
    expect(index.similarNames('san jose', 0.4).map((n) => n.name)).toEqual(['san jose', 'santa jose', 'san jost', 'san josa', 'san josue', 'san juan']);
    expect(index.similarNames('san jose', 0.4)[0]).toEqual({ name: 'san jose', similarity: 1, places: 3 });
    expect(index.similarNames('', 0.4)).toEqual([]);
    expect(index.similarNames('qqqq', 0.4)).toEqual([]);
    // Scratch counters are cleared: a second call gives the same answer.
    expect(index.similarNames('san jse', 0.4)).toEqual(index.similarNames('san jse', 0.4));
  });
});

describe('place_names follows every load', () => {
  const record = (id: string, name: string, rank: number): PlaceRecord => ({
    id, kind: 'neighbourhood', name, label: `${name}, ${id}, Zapopan, Jalisco`, slug: `${id.toLowerCase()}-zapopan`,
    name_norm: name.toLowerCase(), label_norm: `${name.toLowerCase()} zapopan jalisco`, state_code: '14', state_name: 'Jalisco',
    municipality_code: '14120', municipality_name: 'Zapopan', locality: 'Zapopan', postal_code: null, lat: 20.7, lng: -103.4,
    min_lat: null, min_lng: null, max_lat: null, max_lng: null, population: 0, rank, source: 'test-names', precision: null,
    aliases: null, is_area: false,
  });

  it('holds each name of places once with its count, and a typo finds a place as soon as the index is rebuilt', async () => {
    expect(await labelsFor('quetzalpapalotl umbral')).toEqual([]);
    await upsertPlaces(database.db, [record('TESTNAME1', 'Quetzalpapalotl Umbral', 10), record('TESTNAME2', 'Quetzalpapalotl Umbral', 20)]);
    await rebuildPlaceSearchIndex(database);
    const mismatch = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM (SELECT name_norm, count(*)::int AS places FROM places GROUP BY name_norm) p
      FULL JOIN place_names n USING (name_norm) WHERE n.places IS DISTINCT FROM p.places`.execute(database.db);
    expect(mismatch.rows[0]!.n).toBe(0);
    // A typo of the new name finds both places, the better ranked first.
    const found = await autocompletePlaces(database, { q: 'quetzalpapalotl umbrl' });
    expect(found.map((s) => s.slug)).toEqual(['testname2-zapopan', 'testname1-zapopan']);

    await deletePlacesBySource(database.db, ['test-names']);
    await rebuildPlaceSearchIndex(database);
    expect(await labelsFor('quetzalpapalotl umbrl')).toEqual([]);
  });
});

async function labelsFor(q: string): Promise<string[]> {
  return (await autocompletePlaces(database, { q })).map((s) => s.label);
}
