import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type Database } from '@nj/db';
import type { AppServices } from '@nj/core/app-services';
import { createSearchService } from '@nj/core/search/search-service';
import { insertTestProperties } from '@nj/core/search/testing/insert-properties';
import { computeMarketFigures } from '@nj/core/market/compute-market-figures';
import { VISITOR } from '@nj/core/policies/actor';
import { loadSegmentListing } from '../listing/listing-loader.server.ts';

// Issue 17: a place page's loader carries the place's market figures (the colonia by its names), following the
// type the page lists; a state page carries none.
const RATES = { usd: 18.5, eur: 20 };
let database: Database;
let services: AppServices;
beforeAll(async () => {
  database = await openTestDatabase();
  await insertTestProperties(database, [1, 2, 3, 4, 5, 6].map((i) => ({
    lat: 20.68, lng: -103.39, property_type: 'apartment', is_venta: true, sale_price: 5_000_000 + i, construction_area: 100,
    neighborhood: 'Providencia', municipality: 'Guadalajara',
  })));
  await computeMarketFigures(database, RATES);
  const search = await createSearchService({ database, exchangeRates: RATES });
  services = { database, search, config: { publicUrl: 'https://nj.example', mapStyleUrl: undefined, exchangeRates: RATES } } as unknown as AppServices;
});
afterAll(async () => {
  await database?.close();
});

const load = (segment: string) =>
  loadSegmentListing({ services, request: new Request(`https://nj.example/${segment}`), actor: VISITOR, segment });

describe('place page market figures (issue 17)', () => {
  it('gives a colonia page its series, focused on the page type', async () => {
    const page = await load('departamentos-en-venta-en-providencia-guadalajara');
    expect(page.market?.place).toBe('Providencia');
    expect(page.market?.focus).toBe('apartment');
    const sale = page.market!.series.find((s) => s.operation === 'sale' && s.property_type === 'apartment')!;
    expect(sale.points.at(-1)!.sample).toBeGreaterThanOrEqual(6);
    expect(sale.points.at(-1)!.median_mxn_m2).toBeGreaterThan(0);
    expect((await load('propiedades-en-providencia-guadalajara')).market?.focus).toBe('all');
  });

  it('gives a state page none', async () => {
    expect((await load('propiedades-en-jalisco')).market ?? null).toBeNull();
  });
});
