import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUGGESTED_NEIGHBOURHOODS } from '@nj/contracts';
import { openTestDatabase, type Database } from '@nj/db';
import { autocompletePlaces } from './autocomplete-places.ts';
import { findPlaceBySlug } from './find-place-by-slug.ts';
import { loadShippedPlaces } from './load-shipped-places.ts';
import { deriveColoniasFromListings } from './derive-colonias-from-listings.ts';
import { nearestLocality } from './nearest-locality.ts';

// The test template holds the shipped places, the listings sample and the colonias derived from it (test/seed.ts).
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const labels = async (q: string, limit?: number) => (await autocompletePlaces(database, { q, limit })).map((s) => s.label);

describe('autocompletePlaces (issue 2 §3)', () => {
  it("puts the city first for 'guadalajara', with its bounds and zoom 12", async () => {
    const [first] = await autocompletePlaces(database, { q: 'guadalajara' });
    expect(first).toMatchObject({ label: 'Guadalajara, Jalisco', kind: 'locality', zoom: 12, slug: 'guadalajara' });
    expect(first!.components).toMatchObject({ locality: 'Guadalajara', state_long: 'Jalisco', state_short: 'Jal.', country_short: 'MX', sublocality: null });
    expect(first!.bounds!.north).toBeGreaterThan(first!.bounds!.south);
  });

  it("finds the state for 'jalisco' with zoom 8", async () => {
    const [first] = await autocompletePlaces(database, { q: 'Jalisco' });
    expect(first).toMatchObject({ label: 'Jalisco', kind: 'region', zoom: 8 });
    expect(first!.components.locality).toBeNull();
  });

  it("offers the colonia Providencia of Guadalajara among the first for 'provid'", async () => {
    const first = (await labels('provid')).slice(0, 3);
    expect(first).toContain('Providencia, Guadalajara, Jalisco');
    const [hit] = (await autocompletePlaces(database, { q: 'provid' })).filter((s) => s.label === 'Providencia, Guadalajara, Jalisco');
    expect(hit).toMatchObject({ kind: 'neighbourhood', zoom: 15, components: { sublocality: 'Providencia', locality: 'Guadalajara', postal_code: '44630' } });
  });

  it('ignores accents, case and punctuation', async () => {
    expect(await labels('Providéncia,')).toEqual(await labels('providencia'));
    expect(await labels('  GUADALAJARA!! ')).toEqual(await labels('guadalajara'));
  });

  it('reads the last words as the municipality or state', async () => {
    expect((await labels('providencia guadalajara'))[0]).toBe('Providencia, Guadalajara, Jalisco');
    expect((await labels('zapopan jal'))[0]).toBe('Zapopan, Jalisco');
    expect((await labels('chapalita zapopan')).every((l) => l.includes('Zapopan'))).toBe(true);
  });

  it('matches later words of a name', async () => {
    expect(await labels('teresita')).toContain('Villaseñor (Santa Teresita), Guadalajara, Jalisco');
  });

  it('answers short and crowded prefixes in order of importance', async () => {
    const s = await autocompletePlaces(database, { q: 's', limit: 5 });
    expect(s).toHaveLength(5);
    expect(s[0]!.kind).toBe('region');
  });

  it('gives an empty list for empty or absurd input', async () => {
    for (const q of ['', '   ', ',.;-', '🏠🔑', 'x'.repeat(500), "'; DROP TABLE places; --", '%_%', '\\', 'a b c d e f g h', null, 42]) {
      expect(await autocompletePlaces(database, { q })).toEqual([]);
    }
  });

  it('honours the limit', async () => {
    expect(await autocompletePlaces(database, { q: 'san', limit: 3 })).toHaveLength(3);
  });
});

describe('findPlaceBySlug', () => {
  it('resolves own slugs and the spec’s suggested Guadalajara neighbourhoods and cities', async () => {
    expect((await findPlaceBySlug(database, 'providencia-guadalajara'))?.label).toBe('Providencia, Guadalajara, Jalisco');
    expect((await findPlaceBySlug(database, 'ciudad-de-mexico'))?.kind).toBe('region');
    const gdl = SUGGESTED_NEIGHBOURHOODS.find((g) => g.area === 'Guadalajara')!;
    for (const slug of gdl.slugs) {
      const place = await findPlaceBySlug(database, slug);
      expect(place, slug).not.toBeNull();
      expect(place!.components.state_long, slug).toBe('Jalisco');
    }
    const cities = SUGGESTED_NEIGHBOURHOODS.find((g) => g.area === null)!;
    for (const slug of cities.slugs) expect(await findPlaceBySlug(database, slug), slug).not.toBeNull();
    expect((await findPlaceBySlug(database, 'santa-tere'))?.label).toBe('Villaseñor (Santa Teresita), Guadalajara, Jalisco');
    expect((await findPlaceBySlug(database, 'queretaro'))?.kind).toBe('locality');
  });
  it('returns null for unknown or odd slugs', async () => {
    expect(await findPlaceBySlug(database, 'no-existe-este-lugar-xyz')).toBeNull();
    expect(await findPlaceBySlug(database, '')).toBeNull();
    expect(await findPlaceBySlug(database, "'; --")).toBeNull();
  });
});

describe('nearestLocality', () => {
  it('names the city and state around a point', async () => {
    expect(await nearestLocality(database, 20.6767, -103.3475)).toEqual({ city: 'Guadalajara', region: 'Jalisco' });
    expect(await nearestLocality(database, 19.4194, -99.1617)).toEqual({ city: 'Ciudad de México', region: 'Ciudad de México' });
    expect(await nearestLocality(database, Number.NaN, 0)).toBeNull();
  });
});

describe('loading is idempotent', () => {
  it('skips the shipped places when unchanged and re-derives colonias without changes', async () => {
    expect((await loadShippedPlaces(database)).skipped).toBe(true);
    expect((await deriveColoniasFromListings(database)).changed).toBe(false);
  });
});
