import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMENITY_FLAGS, MAX_BUDGET } from '@nj/contracts';
import { openTestDatabase, type Database } from '@nj/db';
import { PropertyIndex } from '../search/index/property-index.ts';
import { insertTestProperties, type FixtureProperty } from '../search/testing/insert-properties.ts';
import { indexQueryOf, listingFilter, type ListingFilter, type ListingFilterInput } from './listing-filter.ts';
import { propertiesRepository } from './properties-repository.ts';
import type { ExchangeRates } from './exchange-rates.ts';

/**
 * Issue 8 §3: one ListingFilter gives the same listings through the in-memory index (the map search) and through
 * SQL (the owner's list), on a fixture of one owner's listings priced in MXN, USD and EUR, for rent, for sale and
 * both, with unknown room counts, several types and amenities, active and inactive.
 */

const RATES: ExchangeRates = { usd: 18.5, eur: 20.25 };
const OWNER = 'c_filtro_dueno';
const TYPES = ['house', 'apartment', 'land', 'oficina'] as const;
const CURRENCIES = ['mxn', 'usd', 'eur'] as const;
const AMENITIES = AMENITY_FLAGS.slice(0, 4);
const BOX = { north: 20.75, south: 20.6, east: -103.3, west: -103.45 };

let database: Database;
const index = new PropertyIndex(RATES);

/** A deterministic fixture: 160 listings with distinct prices (in MXN too) and publication times. */
function fixture(): FixtureProperty[] {
  let seed = 42;
  const rnd = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  return Array.from({ length: 160 }, (_, i) => {
    const op = pick(['rent', 'sale', 'both'] as const);
    const rentCurrency = pick(CURRENCIES);
    const saleCurrency = pick(CURRENCIES);
    // Amounts in their own currency, chosen so that the MXN equivalents straddle the filters' limits.
    const rentMxn = 4_000 + i * 613 + Math.floor(rnd() * 500);
    const saleMxn = 600_000 + i * 241_357 + Math.floor(rnd() * 90_000);
    const own = (mxn: number, c: string) => Math.round((c === 'usd' ? mxn / RATES.usd : c === 'eur' ? mxn / RATES.eur : mxn) * 100) / 100;
    return {
      lat: BOX.south + rnd() * (BOX.north - BOX.south),
      lng: BOX.west + rnd() * (BOX.east - BOX.west),
      owner_cuid: OWNER,
      is_renta: op !== 'sale',
      is_venta: op !== 'rent',
      rent_price: op !== 'sale' ? own(rentMxn, rentCurrency) : null,
      rent_currency: rentCurrency,
      sale_price: op !== 'rent' ? own(saleMxn, saleCurrency) : null,
      sale_currency: saleCurrency,
      is_active: rnd() < 0.8,
      property_type: pick(TYPES),
      rooms: rnd() < 0.15 ? null : Math.floor(rnd() * 5),
      bathrooms: rnd() < 0.15 ? null : Math.floor(rnd() * 4),
      parking_spots: rnd() < 0.2 ? null : Math.floor(rnd() * 3),
      amenities: AMENITIES.filter(() => rnd() < 0.4),
      published_at: new Date(Date.UTC(2025, 0, 1) + i * 3_600_000 + Math.floor(rnd() * 1000)),
    };
  });
}

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.insertInto('clients').values({ cuid: OWNER, is_anonymous: false }).execute();
  const inserted = await insertTestProperties(database, fixture());
  const mine = new Set(inserted.map((p) => p.puid));
  for (const row of await propertiesRepository.indexRowsAfter(database, '', 100_000)) if (mine.has(row.puid)) index.upsert(row);
});
afterAll(async () => {
  await database?.close();
});

/** The filters compared: each dimension alone, together, and at the spec's edges (ceilings, minimum 0). */
const FILTERS: Record<string, ListingFilterInput> = {
  'everything': {},
  'for rent': { op: 'rent' },
  'for sale': { op: 'sale' },
  'rent between 10,000 and 40,000 MXN (USD and EUR converted)': { op: 'rent', priceMin: 10_000, priceMax: 40_000 },
  'sale up to 9,000,000 MXN': { op: 'sale', priceMax: 9_000_000 },
  'sale from 20,000,000 MXN': { op: 'sale', priceMin: 20_000_000 },
  'no operation, shown price between 50,000 and 5,000,000': { priceMin: 50_000, priceMax: 5_000_000 },
  'rent at the ceiling means no ceiling': { op: 'rent', priceMin: 60_000, priceMax: MAX_BUDGET.rent },
  'minimums of 0 keep unknown counts': { minRooms: 0, minBathrooms: 0, minParking: 0 },
  'minimums above 0 drop unknown counts': { minRooms: 2, minBathrooms: 1, minParking: 1 },
  'types any of': { types: ['house', 'oficina'] },
  'amenities all of': { amenities: AMENITIES.slice(0, 2) },
  'inside a smaller box': { bounds: { north: 20.7, south: 20.64, east: -103.34, west: -103.41 } },
  'everything at once, cheapest first': {
    op: 'rent', priceMin: 8_000, priceMax: 80_000, minRooms: 1, types: ['house', 'apartment'], orderBy: 'cheapest',
    bounds: { north: 20.74, south: 20.61, east: -103.31, west: -103.44 },
  },
  'sale, priciest first': { op: 'sale', orderBy: 'priciest' },
  'no operation, cheapest first': { orderBy: 'cheapest' },
  'oldest first': { orderBy: 'oldest' },
};

function viaIndex(filter: ListingFilter): { puids: string[]; total: number } {
  const found = index.query(indexQueryOf(filter, { offset: 0, limit: 1000, withClusters: false }));
  return { puids: found.slots.map((s) => index.puidAt(s)), total: found.total };
}

async function viaSql(filter: ListingFilter): Promise<{ puids: string[]; total: number }> {
  return propertiesRepository.ownerListPage(database, { cuid: OWNER, filter, rates: RATES, limit: 1000, offset: 0 });
}

describe('ListingFilter: the index and SQL agree', () => {
  for (const compacted of [false, true]) {
    for (const [name, input] of Object.entries(FILTERS)) {
      for (const status of ['active', 'inactive'] as const) {
        it(`${name} (${status}, index ${compacted ? 'compacted' : 'in its delta'})`, async () => {
          if (compacted && index.deltaLen > 0) index.compact();
          const filter = listingFilter({ bounds: BOX, ...input, status });
          const [a, b] = [viaIndex(filter), await viaSql(filter)];
          expect(b.total).toBe(b.puids.length);
          expect(a.total).toBe(b.total);
          // Prices and publication times are distinct, so the order is the same too (ties would differ by tie-break).
          expect(a.puids).toEqual(b.puids);
        });
      }
    }
  }

  it('the fixture exercises the filters (none of the compared answers is trivially empty or everything)', async () => {
    const everything = (await viaSql(listingFilter({ bounds: BOX, status: 'active' }))).total;
    expect(everything).toBeGreaterThan(100);
    for (const [name, input] of Object.entries(FILTERS)) {
      if (name === 'everything') continue;
      const n = (await viaSql(listingFilter({ bounds: BOX, ...input, status: 'active' }))).total;
      expect(n, name).toBeGreaterThan(0);
    }
    // Unknown room counts exist, and a minimum of 0 keeps them while 1 drops them.
    const zero = (await viaSql(listingFilter({ bounds: BOX, minRooms: 0, status: 'active' }))).total;
    const one = (await viaSql(listingFilter({ bounds: BOX, minRooms: 1, status: 'active' }))).total;
    expect(zero).toBe(everything);
    expect(one).toBeLessThan(zero);
  });
});

describe('listingFilter', () => {
  it('applies the search rules: ceilings and zero mean no limit; absent values are none', () => {
    expect(listingFilter({ op: 'rent', priceMin: 0, priceMax: MAX_BUDGET.rent })).toMatchObject({ priceMin: null, priceMax: null });
    expect(listingFilter({ op: 'sale', priceMax: MAX_BUDGET.rent })).toMatchObject({ priceMax: MAX_BUDGET.rent });
    expect(listingFilter({ priceMax: MAX_BUDGET.sale })).toMatchObject({ op: null, priceMax: null });
    expect(listingFilter({})).toEqual({
      bounds: null, op: null, priceMin: null, priceMax: null, minRooms: -1, minBathrooms: -1, minParking: -1,
      types: [], amenities: [], status: null, orderBy: 'newest',
    });
  });

  it('refuses to make an index query for both statuses (the index answers one)', () => {
    expect(() => indexQueryOf(listingFilter({}), { offset: 0, limit: 20, withClusters: false })).toThrow();
  });
});
