import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUGGESTED_NEIGHBOURHOODS } from '@nj/contracts';
import { openTestDatabase, type Database } from '@nj/db';
import { autocompletePlaces } from './autocomplete-places.ts';
import { SHARED_SEPOMEX_FILE } from './data-paths.ts';
import { findPlaceBySlug } from './find-place-by-slug.ts';
import { importSepomexPlaces } from './import-sepomex-places.ts';

// The SEPOMEX catalogue may not be redistributed: it is read from ../shared/data next to the repository, and these
// tests are skipped on a machine without it. Only Jalisco, Ciudad de México and Nuevo León are imported (speed).
const hasSepomex = existsSync(SHARED_SEPOMEX_FILE);

describe.skipIf(!hasSepomex)('SEPOMEX import (npm run import:places)', () => {
  let database: Database;
  let first: Awaited<ReturnType<typeof importSepomexPlaces>>;
  beforeAll(async () => {
    database = await openTestDatabase();
    first = await importSepomexPlaces(database, SHARED_SEPOMEX_FILE, { states: ['14', '09', '19'] });
  }, 300_000);
  afterAll(async () => {
    await database?.close();
  });

  it('imports asentamientos and postal codes, merging the known colonias', () => {
    expect(first.asentamientos).toBeGreaterThan(5000);
    expect(first.postalCodes).toBeGreaterThan(1000);
    expect(first.merged).toBeGreaterThan(500);
    expect(first.byPrecision.municipality_seat).toBeGreaterThan(0);
  });

  it("finds a postal code: '44630' and 'C.P. 06700'", async () => {
    const [cp, ...colonias] = await autocompletePlaces(database, { q: '44630' });
    expect(cp).toMatchObject({ kind: 'postal_code', label: 'C.P. 44630, Guadalajara, Jalisco', zoom: 12, components: { postal_code: '44630' } });
    expect(colonias.map((c) => c.label)).toContain('Providencia, Guadalajara, Jalisco');
    const roma = await autocompletePlaces(database, { q: 'C.P. 06700' });
    expect(roma[0]!.kind).toBe('postal_code');
    expect(roma.map((s) => s.label)).toContain('Roma Norte, Cuauhtémoc, Ciudad de México');
  });

  it('finds colonias with their city: roma norte cdmx', async () => {
    const [first] = await autocompletePlaces(database, { q: 'roma norte cdmx' });
    expect(first).toMatchObject({ label: 'Roma Norte, Cuauhtémoc, Ciudad de México', kind: 'neighbourhood' });
    expect(first!.components).toMatchObject({ sublocality: 'Roma Norte', state_long: 'Ciudad de México', postal_code: '06700' });
  });

  it('resolves every suggested neighbourhood of the spec inside its area', async () => {
    for (const group of SUGGESTED_NEIGHBOURHOODS.filter((g) => g.bounds)) {
      for (const slug of group.slugs) {
        const place = await findPlaceBySlug(database, slug, { within: group.bounds! });
        expect(place, slug).not.toBeNull();
        expect(place!.lat, slug).toBeGreaterThanOrEqual(group.bounds!.latMin);
        expect(place!.lat, slug).toBeLessThanOrEqual(group.bounds!.latMax);
      }
    }
  });

  it('does nothing the second time, and refuses a file that is not the catalogue', async () => {
    expect((await importSepomexPlaces(database, SHARED_SEPOMEX_FILE, { states: ['14', '09', '19'] })).alreadyLoaded).toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'nj-sepomex-'));
    const bad = join(dir, 'bad.csv');
    writeFileSync(bad, 'a,b\n1,2\n');
    await expect(importSepomexPlaces(database, bad)).rejects.toThrow(/d_codigo/);
    const pipe = join(dir, 'pipe.txt');
    writeFileSync(pipe, 'El Catálogo Nacional de Códigos Postales…\nd_codigo|d_asenta|d_tipo_asenta|D_mnpio|d_estado|d_ciudad|d_CP|c_estado|c_oficina|c_CP|c_tipo_asenta|c_mnpio|id_asenta_cpcons|d_zona|c_cve_ciudad\n' +
      '99999|Colonia de Prueba Única|Colonia|Zapopan|Jalisco|Zapopan|45001|14|45001||09|120|9999|Urbano|02\n' +
      'xx|Sin CP|Colonia|Zapopan|Jalisco||45001|14|45001||09|120|9998|Urbano|\n');
    const summary = await importSepomexPlaces(database, pipe);
    expect(summary.asentamientos).toBe(1);
    expect(summary.skipped).toEqual([{ line: 4, reason: expect.stringMatching(/C\.P\./) }]);
    expect((await autocompletePlaces(database, { q: 'colonia de prueba unica' }))[0]?.label).toBe('Colonia de Prueba Única, Zapopan, Jalisco');
    rmSync(dir, { recursive: true, force: true });
  });
});
