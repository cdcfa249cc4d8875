import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { importListingsFile, openTestDatabase, type Database } from '@nj/db';
import { autocompletePlaces } from './autocomplete-places.ts';
import { deriveColoniasFromListings } from './derive-colonias-from-listings.ts';

let database: Database;
const dir = mkdtempSync(join(tmpdir(), 'nj-geo-colonias-'));
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

const HEADER = 'source,source_id,op_type,property_type,price,currency,maintenance_fee,land_area_m2,construction_area_m2,rooms,bathrooms,half_bathrooms,parking_spots,age,amenities,street,colonia,municipality,state,lat,lng,published_at';

const population = async (label: string) =>
  (await sql<{ population: number }>`SELECT population FROM places WHERE label = ${label}`.execute(database.db)).rows[0]?.population;

describe('deriveColoniasFromListings with the Mexico City polygons (issue 9 §2)', () => {
  it('counts every active listing inside a colonia polygon, named colonia or not, and adds them to its group', async () => {
    const section = 'Polanco II Sección, Miguel Hidalgo, Ciudad de México';
    const whole = 'Polanco, Miguel Hidalgo, Ciudad de México';
    const before = { section: (await population(section))!, whole: (await population(whole))! };
    // Three listings in Polanco II Sección that name no colonia (as most of the demo's Mexico City listings).
    const rows = [0, 1, 2].map((i) =>
      `inmuebles24,h1-polanco-${i},renta,apartment,${30000 + i},mxn,,,90,2,2,0,1,5,,Homero,,Miguel Hidalgo,Ciudad de México,19.4335${i},-99.2049${i},2025-03-0${i + 1}`);
    const file = join(dir, 'polanco.csv');
    writeFileSync(file, `${HEADER}\n${rows.join('\n')}\n`);
    await importListingsFile(database, file);
    expect((await deriveColoniasFromListings(database)).changed).toBe(true);
    expect(await population(section)).toBe(before.section + 3);
    expect(await population(whole)).toBe(before.whole + 3);
    // With listings, the whole ranks before the other Polancos and before its own sections.
    const labels = (await autocompletePlaces(database, { q: 'polanco' })).map((s) => s.label);
    expect(labels[0]).toBe('Polanco, Miguel Hidalgo, Ciudad de México');
    expect(labels.indexOf('Polanco II Sección, Miguel Hidalgo, Ciudad de México')).toBeGreaterThan(labels.indexOf('Polanco, Guadalajara, Jalisco'));
  });

  it("offers Mexico City's Narvarte and Del Valle as wholes over their compass parts", async () => {
    const first = async (q: string) => (await autocompletePlaces(database, { q }))[0]?.label;
    expect(await first('narvarte')).toBe('Narvarte, Benito Juárez, Ciudad de México');
    expect(await first('del valle')).toBe('Del Valle, Benito Juárez, Ciudad de México');
  });
});
