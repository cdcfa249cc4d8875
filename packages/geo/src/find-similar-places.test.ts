import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type Database } from '@nj/db';
import { findSimilarPlaces, namesThatCanFill } from './find-similar-places.ts';
import { MIN_NAME_SIMILARITY } from './places-repository.ts';

// The test template holds the shipped places and the colonias derived from the listings sample (test/seed.ts).
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/**
 * The typo search's order computed the plain way, over every place: what findSimilarPlaces answered before the
 * distinct-name index (migration 014's query, with the id as the last tie-break).
 */
async function everyPlaceInOrder(q: string, limit: number, areas: { municipalityCodes: string[]; stateCodes: string[] } | null = null) {
  const within = areas
    ? sql`AND (p.municipality_code = ANY(${areas.municipalityCodes}::text[]) OR p.state_code = ANY(${areas.stateCodes}::text[]))`
    : sql``;
  const r = await sql<{ id: string }>`
    SELECT p.id FROM places p WHERE similarity(p.name_norm, ${q}) >= ${MIN_NAME_SIMILARITY} ${within}
    ORDER BY round(similarity(p.name_norm, ${q})::numeric, 2) DESC, p.rank / 100000000 DESC, p.rank DESC,
             length(p.name_norm), p.label, p.id
    LIMIT ${limit}`.execute(database.db);
  return r.rows.map((row) => row.id);
}

/** 'san jose' → 'san jse': the name with its second-to-last letter of the longest word left out. */
function misspell(name: string): string {
  const words = name.split(' ');
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
  const at = words.indexOf(longest);
  words[at] = longest.slice(0, -2) + longest.slice(-1);
  return words.join(' ');
}

describe('findSimilarPlaces (issue 9 §2, typos over distinct names)', () => {
  it('finds the places of a name many places share from a typo of it, best ranked first', async () => {
    const repeated = (await sql<{ name_norm: string; places: number }>`
      SELECT name_norm, places FROM place_names WHERE length(name_norm) >= 7 ORDER BY places DESC, name_norm LIMIT 5`.execute(database.db)).rows;
    expect(repeated[0]!.places).toBeGreaterThan(3);
    for (const { name_norm: name, places } of repeated) {
      const typo = misspell(name);
      const rows = await findSimilarPlaces(database, typo, 12);
      const same = rows.filter((r) => r.name_norm === name);
      expect(same.length, typo).toBe(Math.min(places, 12));
      for (let i = 1; i < same.length; i++) expect(same[i - 1]!.rank, typo).toBeGreaterThanOrEqual(same[i]!.rank);
    }
  });

  it('answers in the order of a plain search over every place, anywhere and inside areas', async () => {
    const repeated = (await sql<{ name_norm: string }>`
      SELECT name_norm FROM place_names WHERE length(name_norm) >= 6 ORDER BY places DESC, name_norm LIMIT 12`.execute(database.db)).rows;
    const typos = ['san jse', 'santa mria', 'el rosaio', 'guadalajra', 'zapopn', 'monterey', 'roma nrte', 'prvidencia', 'mexc',
      ...repeated.map((r) => misspell(r.name_norm))];
    for (const q of typos) {
      for (const limit of [1, 5, 12]) {
        expect((await findSimilarPlaces(database, q, limit)).map((r) => r.id), `${q} ${limit}`).toEqual(await everyPlaceInOrder(q, limit));
      }
    }
    const jalisco = { municipalityCodes: [], stateCodes: ['14'] };
    const gdlZapopan = { municipalityCodes: ['14039', '14120'], stateCodes: [] };
    for (const q of ['guadalajra', 'san jse', 'providenca', 'chapalta']) {
      for (const areas of [jalisco, gdlZapopan]) {
        expect((await findSimilarPlaces(database, q, 12, areas)).map((r) => r.id), q).toEqual(await everyPlaceInOrder(q, 12, areas));
      }
    }
    const inside = await findSimilarPlaces(database, 'providenca', 12, gdlZapopan);
    expect(inside.length).toBeGreaterThan(0);
    expect(inside.every((r) => r.municipality_code === '14039' || r.municipality_code === '14120')).toBe(true);
  });

  it('says nothing when no name is similar enough', async () => {
    expect(await findSimilarPlaces(database, 'qwxzy', 12)).toEqual([]);
  });
});

describe('namesThatCanFill', () => {
  const n = (similarity: number, places: number) => ({ name: `${similarity}-${places}`, similarity, places });

  it('keeps the most similar names until their places reach the limit, and the names within 0.01 of the last', () => {
    const similar = [n(0.9, 2), n(0.8, 3), n(0.75, 1), n(0.745, 9), n(0.73, 1), n(0.5, 40)];
    expect(namesThatCanFill(similar, 2)).toEqual(similar.slice(0, 1));
    expect(namesThatCanFill(similar, 5)).toEqual(similar.slice(0, 2));
    expect(namesThatCanFill(similar, 6)).toEqual(similar.slice(0, 4));
    expect(namesThatCanFill(similar, 100)).toEqual(similar);
    expect(namesThatCanFill([], 8)).toEqual([]);
  });
});
