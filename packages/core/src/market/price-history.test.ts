import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { importListings, openTestDatabase, upsertListingFacts, type Database, type ListingFacts } from '@nj/db';
import { insertTestProperties } from '../search/testing/insert-properties.ts';
import { getPriceHistory, priceDropsOf } from './get-price-history.ts';
import { computeMarketFigures } from './compute-market-figures.ts';
import { compareListingPrice, placeMarketFigures } from './place-market-figures.ts';
import { MARKET_MIN_SAMPLE } from './market-constants.ts';

const RATES = { usd: 18.5, eur: 20 };
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const csv = (price: number) => new TextEncoder().encode(
  'source,source_id,op_type,property_type,price,currency,maintenance_fee,land_area_m2,construction_area_m2,rooms,bathrooms,half_bathrooms,parking_spots,age,amenities,street,colonia,municipality,state,lat,lng,published_at\n'
  + `histtest,h-1,renta,apartment,${price},mxn,,,80,2,1,,1,,,Avenida Homero 97,Providencia,Guadalajara,Jalisco,20.6769317,-103.3974332,2025-08-22\n`,
);

describe('price history (issue 17, decision 036)', () => {
  it('records the start and every change of an edit, an import and a sync, with its source', async () => {
    const [a] = await insertTestProperties(database, [{ lat: 20.6, lng: -103.3, rent_price: 20_000 }]);
    await sql`UPDATE properties SET rent_price = 18000 WHERE puid = ${a!.puid}`.execute(database.db);
    await sql`UPDATE properties SET title = 'Otro título' WHERE puid = ${a!.puid}`.execute(database.db); // no event
    const history = await getPriceHistory(database, a!.puid, RATES);
    expect(history.events.map((e) => [e.source, e.old_price, e.price])).toEqual([['start', null, 20_000], ['edit', 20_000, 18_000]]);
    expect(history.drop_percent).toBe(10);

    const first = await importListings(database, { bytes: csv(30_000), name: 'a.csv' });
    expect(first.imported, JSON.stringify(first)).toBe(1);
    await importListings(database, { bytes: csv(33_000), name: 'b.csv' });
    const imported = (await sql<{ puid: string }>`SELECT puid FROM properties WHERE source = 'histtest'`.execute(database.db)).rows[0]!.puid;
    const afterImport = await getPriceHistory(database, imported, RATES);
    expect(afterImport.events.map((e) => [e.source, e.price])).toEqual([['start', 30_000], ['import', 33_000]]);
    expect(afterImport.drop_percent).toBeNull(); // a rise is no drop

    const facts: ListingFacts = {
      source: 'histsync', sourceId: 's-1', opType: 'venta', propertyType: 'house', price: 200_000, currency: 'usd',
      maintenanceFee: null, landArea: 200, constructionArea: 150, rooms: 3, bathrooms: 2, halfBathrooms: null, parkingSpots: 2,
      age: null, amenities: [], street: null, colonia: 'Providencia', municipality: 'Guadalajara', state: 'Jalisco',
      lat: 20.68, lng: -103.39, publishedAt: null,
    };
    await database.db.transaction().execute((trx) => upsertListingFacts(trx, [{ facts, active: true }]));
    await database.db.transaction().execute((trx) => upsertListingFacts(trx, [{ facts: { ...facts, price: 190_000 }, active: true }]));
    const synced = (await sql<{ puid: string }>`SELECT puid FROM properties WHERE source = 'histsync'`.execute(database.db)).rows[0]!.puid;
    const afterSync = await getPriceHistory(database, synced, RATES);
    expect(afterSync.events.map((e) => [e.source, e.price, e.currency, e.price_mxn])).toEqual([
      ['start', 200_000, 'usd', 3_700_000], ['sync', 190_000, 'usd', 3_515_000],
    ]);
    expect(afterSync.drop_percent).toBe(5);
    // An edit after the sync's transaction is an edit again (the source is local to the writer's transaction).
    await sql`UPDATE properties SET sale_price = 180000 WHERE puid = ${synced}`.execute(database.db);
    expect((await getPriceHistory(database, synced, RATES)).events.at(-1)!.source).toBe('edit');
  });

  it('forgets a drop older than 30 days for the badge', async () => {
    const [a] = await insertTestProperties(database, [{ lat: 20.6, lng: -103.3, rent_price: 20_000 }]);
    await sql`UPDATE properties SET rent_price = 15000 WHERE puid = ${a!.puid}`.execute(database.db);
    expect((await priceDropsOf(database, [a!.puid])).get(a!.puid)).toBe(25);
    const later = new Date(Date.now() + 31 * 86_400_000);
    expect((await priceDropsOf(database, [a!.puid], later)).has(a!.puid)).toBe(false);
  });
});

describe('market figures (issue 17, decision 036)', () => {
  it('computes the median MXN per m² of a colonia against a hand-computed fixture, and compares a listing', async () => {
    const place = { neighborhood: 'Colonia Mediana', municipality: 'Municipio Prueba', state: 'Jalisco' };
    // MXN/m²: 100, 150, 200, 250 (USD 1,351.35… × 18.5 = 25,000 over 100 m²), 300, 1000 → median (200 + 250) / 2 = 225.
    await insertTestProperties(database, [
      { lat: 20.1, lng: -103.1, ...place, rent_price: 10_000, construction_area: 100 },
      { lat: 20.1, lng: -103.1, ...place, rent_price: 15_000, construction_area: 100 },
      { lat: 20.1, lng: -103.1, ...place, rent_price: 20_000, construction_area: 100 },
      { lat: 20.1, lng: -103.1, ...place, rent_price: 25_000 / 18.5, rent_currency: 'usd', construction_area: 100 },
      { lat: 20.1, lng: -103.1, ...place, rent_price: 30_000, construction_area: 100 },
      { lat: 20.1, lng: -103.1, ...place, rent_price: 100_000, construction_area: 100 },
      { lat: 20.1, lng: -103.1, ...place, rent_price: 9_000, construction_area: null }, // counted, not in the sample
      { lat: 20.1, lng: -103.1, ...place, rent_price: 1, construction_area: 1, is_active: false }, // not counted
      { lat: 20.1, lng: -103.1, ...place, property_type: 'house', rent_price: 50_000, construction_area: 100 },
    ]);
    const now = new Date('2026-11-15T12:00:00Z');
    await computeMarketFigures(database, RATES, now);
    const figures = await placeMarketFigures(database, { colonia: 'colonia mediana', municipality: 'MUNICIPIO PRUEBA', label: 'Colonia Mediana' }, now);
    const apartments = figures!.series.find((s) => s.operation === 'rent' && s.property_type === 'apartment')!;
    expect(apartments.points).toEqual([{ month: '2026-11', listings: 7, sample: 6, median_mxn_m2: 225 }]);
    const all = figures!.series.find((s) => s.operation === 'rent' && s.property_type === 'all')!;
    expect(all.points[0]).toMatchObject({ listings: 8, sample: 7, median_mxn_m2: 250 });
    // One house is under the minimum sample: no median.
    const houses = figures!.series.find((s) => s.property_type === 'house')!;
    expect(houses.points[0]).toMatchObject({ listings: 1, sample: 1, median_mxn_m2: null });
    expect(MARKET_MIN_SAMPLE).toBe(5);
    // The municipality holds the same listings.
    const mun = await placeMarketFigures(database, { municipality: 'Municipio Prueba', label: 'Municipio Prueba' }, now);
    expect(mun!.series.find((s) => s.property_type === 'apartment')!.points[0]!.median_mxn_m2).toBe(225);

    const listing = {
      property_type: 'apartment' as const, operation: 'rent' as const, price: 19_800, currency: 'mxn',
      construction_area: 100, land_area: null, land_unit: 'm2', colonia: 'Colonia Mediana', municipality: 'Municipio Prueba',
    };
    // 198 MXN/m² against 225: 12 % below.
    expect(await compareListingPrice(database, listing, RATES)).toMatchObject({ percent: -12, median_mxn_m2: 225, sample: 6 });
    expect(await compareListingPrice(database, { ...listing, property_type: 'house' }, RATES)).toBeNull();

    // A second run in the same month replaces the month; a later month adds a point.
    await computeMarketFigures(database, RATES, now);
    await computeMarketFigures(database, RATES, new Date('2026-12-15T12:00:00Z'));
    const trend = await placeMarketFigures(database, { colonia: 'Colonia Mediana', municipality: 'Municipio Prueba', label: 'x' }, new Date('2026-12-15T12:00:00Z'));
    expect(trend!.series.find((s) => s.property_type === 'apartment')!.points.map((p) => p.month)).toEqual(['2026-11', '2026-12']);
  });
});
