import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRouteErrorResponse } from 'react-router';
import { openTestDatabase, type Database } from '@nj/db';
import type { AppServices } from '@nj/core/app-services';
import { createSearchService } from '@nj/core/search/search-service';
import { insertTestProperties } from '@nj/core/search/testing/insert-properties';
import { VISITOR } from '@nj/core/policies/actor';
import { loadListing, loadSegmentListing } from './listing-loader.server.ts';
import { resolveListingPlace } from './listing-place.server.ts';

// Issue 9 §3 "Pages that say what they show": every word of a category path filters, and an unknown word or place is
// the 404. Runs the loaders on the seeded test database (shipped places, the Providencia sample) plus fixtures of
// every combination of type and operation in Guadalajara and one apartment for rent in Zapopan's far west, outside
// Guadalajara's bounds.
let database: Database;
let services: AppServices;
beforeAll(async () => {
  database = await openTestDatabase();
  await insertTestProperties(database, [
    { lat: 20.672, lng: -103.35, property_type: 'apartment', is_renta: true },
    { lat: 20.673, lng: -103.351, property_type: 'apartment', is_venta: true },
    { lat: 20.674, lng: -103.352, property_type: 'house', is_renta: true },
    { lat: 20.675, lng: -103.353, property_type: 'house', is_venta: true, municipality: 'Guadalajara' },
    { lat: 20.73, lng: -103.6, property_type: 'apartment', is_renta: true, municipality: 'Zapopan', neighborhood: 'La Venta del Astillero' },
    // Zapopan inside Guadalajara's bounding box (issue 9 §2–§3: the page filters by the outline, not the bbox).
    { lat: 20.735, lng: -103.38, property_type: 'apartment', is_renta: true, municipality: 'Zapopan', neighborhood: 'Zapopan en la caja', published_at: '2030-01-01' },
  ]);
  const search = await createSearchService({ database, exchangeRates: { usd: 18.5, eur: 20 } });
  services = { database, search, config: { publicUrl: 'https://nj.example', mapStyleUrl: undefined } } as unknown as AppServices;
});
afterAll(async () => {
  await database?.close();
});

const load = (segment: string, query = '') =>
  loadSegmentListing({ services, request: new Request(`https://nj.example/${segment}${query}`), actor: VISITOR, segment });

async function status(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (error) {
    if (error && typeof error === 'object' && 'init' in error) return (error as { init: { status: number } }).init.status;
    if (isRouteErrorResponse(error)) return error.status;
    throw error;
  }
}

describe('category paths filter by every word (issue 9 §3)', () => {
  it('/departamentos-en-renta-en-guadalajara lists only apartments for rent, on Guadalajara', async () => {
    const page = await load('departamentos-en-renta-en-guadalajara');
    expect(page.heading).toBe('Departamentos en renta en Guadalajara, Jalisco');
    expect(page.filters.opType).toBe('renta');
    expect(page.filters.propertyTypes).toEqual(['apartment']);
    expect(page.place?.slug).toBe('guadalajara');
    expect(page.canonicalPath).toBe('/departamentos-en-renta-en-guadalajara');
    const found = page.initial!.result.properties;
    expect(found.length).toBeGreaterThan(0);
    for (const p of found) {
      expect(p.property_type).toBe('apartment');
      expect(p.is_renta).toBe(true);
      expect(p.lat).toBeLessThanOrEqual(page.area.bounds!.north);
      expect(p.lat).toBeGreaterThanOrEqual(page.area.bounds!.south);
      expect(p.lng).toBeLessThanOrEqual(page.area.bounds!.east);
      expect(p.lng).toBeGreaterThanOrEqual(page.area.bounds!.west);
    }
    expect(found.some((p) => p.location.municipality === 'Zapopan')).toBe(false);
    expect(page.initial!.key).toContain('"place":"guadalajara"');
    expect(page.description).toContain('Departamentos en renta en Guadalajara, Jalisco');
  });

  it('/casas-en-venta-en-zapopan lists only houses for sale, on Zapopan', async () => {
    const page = await load('casas-en-venta-en-zapopan');
    expect(page.heading).toBe('Casas en venta en Zapopan, Jalisco');
    expect(page.filters).toMatchObject({ opType: 'venta', propertyTypes: ['house'] });
    expect(page.place?.slug).toBe('zapopan');
    for (const p of page.initial!.result.properties) expect([p.property_type, p.is_venta]).toEqual(['house', true]);
  });

  it('reads the operation and the place of propiedades-… paths; the query string may change a filter', async () => {
    const page = await load('propiedades-en-renta-en-guadalajara');
    expect(page.heading).toBe('Propiedades en renta en Guadalajara, Jalisco');
    expect(page.filters.propertyTypes).toEqual([]);
    for (const p of page.initial!.result.properties) expect(p.is_renta).toBe(true);
    const changed = await load('departamentos-en-renta-en-guadalajara', '?opType=venta');
    expect(changed.heading).toBe('Departamentos en venta en Guadalajara, Jalisco');
    expect(changed.canonicalPath).toBe('/departamentos-en-venta-en-guadalajara');
  });

  it('shows the place chosen later in the search box (place=…) over the path\'s', async () => {
    const page = await load('departamentos-en-renta-en-guadalajara', '?place=zapopan');
    expect(page.heading).toBe('Departamentos en renta en Zapopan, Jalisco');
    expect(page.canonicalPath).toBe('/departamentos-en-renta-en-zapopan');
    expect((await load('departamentos-en-renta-en-guadalajara', '?place=qqzzx')).place?.slug).toBe('guadalajara');
  });

  it('keeps a place page without an operation as its own canonical page', async () => {
    const page = await load('propiedades-en-guadalajara');
    expect(page.canonicalPath).toBe('/propiedades-en-guadalajara');
    expect(page.heading).toBe('Propiedades en venta en Guadalajara, Jalisco');
  });

  it('names a colonia with its city', async () => {
    const page = await load('departamentos-en-renta-en-providencia-guadalajara');
    expect(page.heading).toBe('Departamentos en renta en Providencia, Guadalajara');
    expect(page.place).toMatchObject({ state: 'Jalisco', city: 'Guadalajara', colonia: 'Providencia' });
  });

  it('answers 404 for an unknown place, category or word, never a silent fallback', async () => {
    for (const segment of [
      'departamentos-en-renta-en-qqzzx-wvv', 'casas-en-venta-en-xyzzy', 'castillos-en-renta', 'casas-baratas',
      'departamentos-en-renta-en-', 'propiedades-en-', 'propiedades-en-renta-en-narnia',
    ]) expect(await status(load(segment)), segment).toBe(404);
    expect(await status(load('departamentos-en-renta-en-guadalajara'))).toBe(200);
  });
});

describe('resolveListingPlace', () => {
  it('reads the breadcrumbs\' state pages and names ending with the state', async () => {
    expect((await resolveListingPlace(services, 'estado-de-jalisco'))?.slug).toBe('jalisco');
    expect((await resolveListingPlace(services, 'ciudad-de-mexico'))?.kind).toBe('region');
    expect((await resolveListingPlace(services, 'estado-de-puebla'))?.kind).toBe('region');
    expect((await resolveListingPlace(services, 'puebla'))?.kind).toBe('locality');
    expect((await resolveListingPlace(services, 'guadalajara-jalisco'))?.slug).toBe('guadalajara');
    expect((await resolveListingPlace(services, 'benito-juarez-ciudad-de-mexico'))?.slug).toBe('benito-juarez-ciudad-de-mexico');
    expect((await resolveListingPlace(services, 'providencia-guadalajara-jalisco'))?.slug).toBe('providencia-guadalajara');
    expect(await resolveListingPlace(services, 'narnia-jalisco')).toBeNull();
  });
});

describe('/propiedades', () => {
  it('says the place chosen in the search box', async () => {
    const place = await resolveListingPlace(services, 'providencia-guadalajara');
    const page = await loadListing({
      services, actor: VISITOR, base: { place },
      request: new Request('https://nj.example/propiedades?opType=renta&propertyTypes=apartment&place=providencia-guadalajara'),
    });
    expect(page.heading).toBe('Departamentos en renta en Providencia, Guadalajara');
  });
});
