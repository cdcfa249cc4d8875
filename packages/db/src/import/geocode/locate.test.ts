import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../testing/template.ts';
import type { Database } from '../../connect.ts';
import { loadGeocoder } from './load-geocoder.ts';
import { buildGeocoder, type Geocoder, type GeocoderPlaceRow } from './locate.ts';
import { coloniaKeys, municipalityKeys, postalCodeKey } from './normalize-address-name.ts';

// The test template holds the shipped places (states, municipalities, localities, colonias of CDMX, Monterrey,
// Guadalajara and Zapopan) and the colonias derived from the listings sample (test/seed.ts).
let database: Database;
let geocoder: Geocoder;
beforeAll(async () => {
  database = await openTestDatabase();
  geocoder = await loadGeocoder(database);
});
afterAll(async () => {
  await database?.close();
});

describe('name keys', () => {
  it('tolerate accents, case, settlement words and abbreviations', () => {
    expect(coloniaKeys('Col. Roma Nte.')).toEqual(['col roma norte', 'roma norte']);
    expect(coloniaKeys('FRACC. Jds. del Sol')).toContain('jardines del sol');
    expect(municipalityKeys('Alcaldía Cuauhtémoc')).toContain('cuauhtemoc');
    expect(municipalityKeys('Mpio. de Zapopan')).toContain('zapopan');
    expect(municipalityKeys('Del Nayar')[0]).toBe('del nayar');
    expect(postalCodeKey('C.P. 44600')).toBe('44600');
    expect(postalCodeKey('6700')).toBe('06700');
    expect(postalCodeKey('sin dato')).toBeNull();
  });
});

describe('loadGeocoder + locate on the shipped places (issue 10 §geocoding)', () => {
  it("places 'Col. Roma Nte.' in Alcaldía Cuauhtémoc at the colonia Roma Norte", async () => {
    const [roma] = await database.db.selectFrom('places').select(['id', 'lat', 'lng']).where('name_norm', '=', 'roma norte')
      .where('municipality_code', '=', '09015').where('kind', '=', 'neighbourhood').execute();
    const found = geocoder.locate({ colonia: 'Col. Roma Nte.', municipality: 'Alcaldía Cuauhtémoc', state: 'CDMX' });
    expect(found).toMatchObject({ precision: 'colonia', placeId: roma!.id });
    expect(found!.lat).toBeCloseTo(Number(roma!.lat), 5);
    expect(found!.lng).toBeCloseTo(Number(roma!.lng), 5);
  });

  it('uses the municipality to choose among colonias of the same name', () => {
    const gdl = geocoder.locate({ colonia: 'Providencia', municipality: 'Guadalajara', state: 'Jalisco' });
    const azc = geocoder.locate({ colonia: 'providencia', municipality: 'Azcapotzalco' });
    expect(gdl).toMatchObject({ precision: 'colonia' });
    expect(gdl!.lat).toBeGreaterThan(20.6);
    expect(gdl!.lat).toBeLessThan(20.8);
    expect(azc).toMatchObject({ precision: 'colonia' });
    expect(azc!.lat).toBeGreaterThan(19.4);
    expect(azc!.lat).toBeLessThan(19.6);
  });

  it('places a colonia by name alone when only one municipality has it', () => {
    expect(geocoder.locate({ colonia: 'Roma Norte' })).toMatchObject({ precision: 'colonia' });
  });

  it('does not guess among municipalities: an ambiguous colonia falls to the next level, or is not placed', () => {
    // 'Centro' is a colonia of Mexico City, Monterrey, Guadalajara and Zapopan, at least.
    expect(geocoder.locate({ colonia: 'Centro' })).toBeNull();
    const withState = geocoder.locate({ colonia: 'Centro', state: 'Jalisco' });
    expect(withState).toBeNull(); // Guadalajara's and Zapopan's: still ambiguous, and a state alone is too coarse
    const withMuni = geocoder.locate({ colonia: 'Centro', municipality: 'Zapopan' });
    expect(withMuni).toMatchObject({ precision: 'colonia' });
  });

  it('matches a colonia of the municipality by similarity when the name is not exact', () => {
    const found = geocoder.locate({ colonia: 'Chapalitta', municipality: 'Guadalajara', state: 'Jal.' });
    const exact = geocoder.locate({ colonia: 'Chapalita', municipality: 'Guadalajara', state: 'Jal.' });
    expect(exact).toMatchObject({ precision: 'colonia', placeId: 'G14039-039145' });
    expect(found).toEqual(exact);
    // Abbreviations are spelled out before comparing: '1a Secc.' is 'primera sección'.
    const first = geocoder.locate({ colonia: 'Providencia Primera Sección', municipality: 'Guadalajara' });
    expect(first).toMatchObject({ precision: 'colonia' });
    expect(geocoder.locate({ colonia: 'Col. Providencia 1a Secc.', municipality: 'Guadalajara' })).toEqual(first);
  });

  it('falls to the postal code when the colonia is unknown (the mean of its colonias)', () => {
    const found = geocoder.locate({ colonia: 'Xyzzy Inexistente', postalCode: 'C.P. 44630', municipality: 'Guadalajara' });
    expect(found).toMatchObject({ precision: 'postal_code' });
    expect(found!.lat).toBeGreaterThan(20.6);
  });

  it('falls to the locality, then the municipality; a state alone is not placeable', () => {
    expect(geocoder.locate({ locality: 'Ajijic', municipality: 'Chapala', state: 'Jalisco' })).toMatchObject({ precision: 'locality' });
    expect(geocoder.locate({ municipality: 'Mpio. de Chapala', state: 'Jalisco' })).toMatchObject({ precision: 'municipality', placeId: 'M14030' });
    expect(geocoder.locate({ municipality: 'Delegación Cuauhtémoc', state: 'Ciudad de México' })).toMatchObject({ precision: 'municipality', placeId: 'M09015' });
    // Four states have a Cuauhtémoc: without the state it means no one place.
    expect(geocoder.locate({ municipality: 'Cuauhtémoc' })).toBeNull();
    expect(geocoder.locate({ state: 'Jalisco' })).toBeNull();
    expect(geocoder.locate({})).toBeNull();
  });

  it('does not place by street and number (no street data): the next level decides', () => {
    const withStreet = geocoder.locate({ street: 'Av. Chapultepec', exteriorNumber: '480', municipality: 'Guadalajara', state: 'Jalisco' });
    expect(withStreet).toMatchObject({ precision: 'municipality', placeId: 'M14039' });
  });

  it('takes a city written in the municipality column as a locality, and a state there as the state', () => {
    expect(geocoder.locate({ municipality: 'Ajijic', state: 'Jalisco' })).toMatchObject({ precision: 'locality' });
    expect(geocoder.locate({ colonia: 'Roma Norte', municipality: 'CDMX' })).toMatchObject({ precision: 'colonia' });
  });
});

describe('buildGeocoder (rows given)', () => {
  const row = (p: Partial<GeocoderPlaceRow> & Pick<GeocoderPlaceRow, 'id' | 'kind' | 'name_norm'>): GeocoderPlaceRow => ({
    aliases: null, state_code: '14', municipality_code: '14039', postal_code: null, lat: 20.7, lng: -103.3, population: 0,
    rank: 0, precision: null, ...p,
  });

  it('prefers the SEPOMEX postal-code place, and within one municipality the colonia with a polygon', () => {
    const g = buildGeocoder([
      row({ id: 'E14', kind: 'region', name_norm: 'jalisco', municipality_code: null }),
      row({ id: 'Gpoly', kind: 'neighbourhood', name_norm: 'las aguilas', precision: 'polygon', lat: 1 }),
      row({ id: 'Nlist', kind: 'neighbourhood', name_norm: 'las aguilas', precision: 'listings', population: 40, lat: 2 }),
      row({ id: 'C45080', kind: 'postal_code', name_norm: '45080', postal_code: '45080', lat: 3 }),
      row({ id: 'Gother', kind: 'neighbourhood', name_norm: 'otra', postal_code: '45080', lat: 4 }),
    ]);
    expect(g.locate({ colonia: 'Las Águilas' })).toMatchObject({ placeId: 'Gpoly', precision: 'colonia' });
    expect(g.locate({ postalCode: '45080' })).toMatchObject({ placeId: 'C45080', precision: 'postal_code', lat: 3 });
  });

  it('locates 20,000 rows from one load (cached similarity)', () => {
    const rows: GeocoderPlaceRow[] = [];
    for (let i = 0; i < 2000; i++) rows.push(row({ id: `G${i}`, kind: 'neighbourhood', name_norm: `colonia numero ${i}`, municipality_code: `1400${i % 5}` }));
    for (let m = 0; m < 5; m++) rows.push(row({ id: `M1400${m}`, kind: 'locality', name_norm: `municipio ${m}`, municipality_code: `1400${m}` }));
    const g = buildGeocoder(rows);
    let placed = 0;
    for (let i = 0; i < 20_000; i++) {
      if (g.locate({ colonia: `Col. Numero ${i % 3000}x`, municipality: `Municipio ${i % 5}` })) placed++;
    }
    expect(placed).toBe(20_000); // similar names or, failing that, the municipality
  });
});
