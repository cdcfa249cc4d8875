import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUGGESTED_NEIGHBOURHOODS } from '@nj/contracts';
import { openTestDatabase, type Database } from '@nj/db';
import { autocompletePlaces } from './autocomplete-places.ts';
import { findPlaceBySlug } from './find-place-by-slug.ts';
import { loadShippedPlaces } from './load-shipped-places.ts';
import { deriveColoniasFromListings } from './derive-colonias-from-listings.ts';
import { nearestLocality } from './nearest-locality.ts';
import { cleanColoniaName, normalizePlaceText } from './normalize-place-text.ts';
import { readListingColonias } from './places-repository.ts';

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
  it("puts the city first for 'guadalajara', with its bounds and a zoom that shows them", async () => {
    const [first] = await autocompletePlaces(database, { q: 'guadalajara' });
    expect(first).toMatchObject({ label: 'Guadalajara, Jalisco', kind: 'locality', slug: 'guadalajara' });
    expect(first!.zoom).toBeLessThanOrEqual(12);
    expect(first!.components).toMatchObject({ locality: 'Guadalajara', state_long: 'Jalisco', state_short: 'Jal.', country_short: 'MX', sublocality: null });
    expect(first!.bounds!.north).toBeGreaterThan(first!.bounds!.south);
  });

  it("finds the state for 'jalisco' with zoom 8", async () => {
    const [first] = await autocompletePlaces(database, { q: 'Jalisco' });
    expect(first).toMatchObject({ label: 'Jalisco', kind: 'region' });
    expect(first!.zoom).toBeLessThanOrEqual(8);
    expect(first!.components.locality).toBeNull();
  });

  it("offers the colonia Providencia of Guadalajara among the first for 'provid'", async () => {
    const first = (await labels('provid')).slice(0, 3);
    expect(first).toContain('Providencia, Guadalajara, Jalisco');
    const [hit] = (await autocompletePlaces(database, { q: 'provid' })).filter((s) => s.label === 'Providencia, Guadalajara, Jalisco');
    expect(hit!.zoom).toBeGreaterThanOrEqual(13);
    expect(hit).toMatchObject({ kind: 'neighbourhood', components: { sublocality: 'Providencia', locality: 'Guadalajara', postal_code: '44630' } });
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

describe('typos, accents and ambiguous names (issue 9 §2)', () => {
  const first = async (q: string) => (await autocompletePlaces(database, { q }))[0]?.label;

  it('finds the place behind a typo or a missing letter, after exact and prefix matches', async () => {
    expect(await first('guadalajra')).toBe('Guadalajara, Jalisco');
    expect(await first('zapopn')).toBe('Zapopan, Jalisco');
    expect(await first('monterey')).toBe('Monterrey, Nuevo León');
    expect(await first('roma nrte')).toBe('Roma Norte, Cuauhtémoc, Ciudad de México');
    expect(await first('guadalajra jal')).toBe('Guadalajara, Jalisco');
    // A prefix match wins over a more similar typo: 'guadalup' is Guadalupe, not Guadalajara.
    expect(await first('guadalup')).toMatch(/^Guadalupe/);
  });

  it('ignores accents either way and reads the state after the name', async () => {
    expect(await first('cancun')).toMatch(/^Canc[uú]n, Benito Juárez, Quintana Roo$/);
    expect(await first('merida yuc')).toBe('Mérida, Yucatán');
    expect(await first('Mérida')).toBe('Mérida, Yucatán');
    expect(await labels('cóndesa')).toEqual(await labels('condesa'));
  });

  it('says nothing for text that looks like no place', async () => {
    for (const q of ['qwxzy', 'zzzzzz', 'xkcd jal']) expect(await autocompletePlaces(database, { q }), q).toEqual([]);
  });

  it('finds the colonias of Mexico City and Monterrey on a fresh database', async () => {
    expect(await first('roma norte')).toBe('Roma Norte, Cuauhtémoc, Ciudad de México');
    expect(await first('condesa')).toBe('Condesa, Cuauhtémoc, Ciudad de México');
    expect(await labels('narvarte')).toEqual(expect.arrayContaining([
      'Narvarte Poniente, Benito Juárez, Ciudad de México', 'Narvarte Oriente, Benito Juárez, Ciudad de México',
    ]));
    expect(await first('roma norte cdmx')).toBe('Roma Norte, Cuauhtémoc, Ciudad de México');
    expect(await first('mitras centro')).toBe('Mitras Centro, Monterrey, Nuevo León');
    const [roma] = await autocompletePlaces(database, { q: 'roma norte' });
    expect(roma).toMatchObject({ kind: 'neighbourhood', components: { sublocality: 'Roma Norte', locality: 'Cuauhtémoc', state_long: 'Ciudad de México' } });
    expect(roma!.bounds!.north).toBeGreaterThan(roma!.lat);
  });

  it("offers Mexico City's Polanco first: a whole over its numbered sections, ranked by its listings and its city's people", async () => {
    const polanco = await autocompletePlaces(database, { q: 'Polanco' });
    expect(polanco[0]).toMatchObject({ label: 'Polanco, Miguel Hidalgo, Ciudad de México', kind: 'neighbourhood' });
    expect(polanco.map((s) => s.label)).toEqual(expect.arrayContaining(['Polanco, Guadalajara, Jalisco', 'Polanco I Sección, Miguel Hidalgo, Ciudad de México']));
    // The whole covers every section.
    const sections = (await autocompletePlaces(database, { q: 'polanco seccion', limit: 20 })).filter((s) => /^Polanco [IV]+ Sección, Miguel Hidalgo/.test(s.label));
    expect(sections).toHaveLength(5);
    for (const s of sections) {
      expect(s.bounds!.north).toBeLessThanOrEqual(polanco[0]!.bounds!.north);
      expect(s.bounds!.west).toBeGreaterThanOrEqual(polanco[0]!.bounds!.west);
    }
  });

  it('ranks a name shared by colonias by their active listings before their city’s size', async () => {
    // The sample's listings are in Guadalajara's Providencia; Mexico City (larger) has colonias called Providencia too.
    const providencia = await labels('providencia');
    expect(providencia[0]).toBe('Providencia, Guadalajara, Jalisco');
    expect(providencia).toContain('Providencia, Azcapotzalco, Ciudad de México');
  });

  it('keeps searchable every colonia that two or more listings name', async () => {
    const rows = await readListingColonias(database.db);
    const named = new Map<string, number>();
    for (const r of rows) {
      const key = normalizePlaceText(cleanColoniaName(r.neighborhood));
      named.set(key, (named.get(key) ?? 0) + 1);
    }
    const colonias = [...named].filter(([name, n]) => n >= 2 && name.length >= 2).map(([name]) => name);
    expect(colonias.length).toBeGreaterThan(3);
    for (const name of colonias) {
      const found = (await autocompletePlaces(database, { q: name, limit: 20 })).map((s) => normalizePlaceText(s.label));
      expect(found.some((l) => l.includes(name)), name).toBe(true);
    }
  });

  it('gives a large place a zoom that shows its bounds whole on a small map', async () => {
    for (const q of ['jalisco', 'chihuahua', 'zapopan', 'ciudad de mexico']) {
      const [place] = await autocompletePlaces(database, { q });
      const b = place!.bounds!;
      // Width in 512-px tiles at that zoom must fit 360 px.
      expect((512 * 2 ** place!.zoom * (b.east - b.west)) / 360, q).toBeLessThanOrEqual(360);
    }
    expect((await autocompletePlaces(database, { q: 'chihuahua' }))[0]!.zoom).toBeLessThan(8);
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
