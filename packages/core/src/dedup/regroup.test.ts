import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openTestDatabase, type Database } from '@nj/db';
import { ZSearchQuery } from '@nj/contracts';
import { insertTestProperties } from '../search/testing/insert-properties.ts';
import { createSearchService, type SearchService } from '../search/search-service.ts';
import { regroupAllListings } from './regroup-all-listings.ts';
import { regroupChangedListings } from './regroup-changed-listings.ts';

const RATES = { usd: 18.5, eur: 20 };
let database: Database;
let search: SearchService;
beforeAll(async () => {
  database = await openTestDatabase();
  search = await createSearchService({ database, exchangeRates: RATES });
});
afterAll(async () => {
  await database?.close();
});

/** A bbox of about 300 m around a point, as the search takes it. */
function around(lat: number, lng: number) {
  return ZSearchQuery.parse({ north: lat + 0.0015, south: lat - 0.0015, east: lng + 0.0015, west: lng - 0.0015, op_type: 'rent' });
}
const groupOf = async (puid: string) => (await sql<{ dup_group: string | null; dup_hidden: boolean }>`SELECT dup_group, dup_hidden FROM properties
  WHERE puid = ${puid}`.execute(database.db)).rows[0]!;

describe('duplicate groups in the database and the search (decision 034)', () => {
  it('groups, shows one card with También en…, and follows a changed price incrementally', async () => {
    const lat = 21.5;
    const lng = -104.9;
    const [a, b, c] = await insertTestProperties(database, [
      { lat, lng, source: 'inmuebles24', rent_price: 18_000, images: JSON.stringify([{ name: 'a.webp', order: 0 }]) },
      { lat: lat + 0.0003, lng, source: 'easybroker', rent_price: 18_300, source_url: 'https://www.easybroker.com/mx/listings/EB-1' },
      { lat: lat + 0.0002, lng: lng + 0.0002, source: 'kw', rent_price: 25_000 },
    ]);
    const report = await regroupAllListings(database, RATES);
    expect(report.groups).toBeGreaterThanOrEqual(1);
    expect(await groupOf(a!.puid)).toEqual({ dup_group: a!.puid, dup_hidden: false });
    expect(await groupOf(b!.puid)).toEqual({ dup_group: a!.puid, dup_hidden: true });
    expect((await groupOf(c!.puid)).dup_group).toBeNull();

    const found = await search.search(around(lat, lng));
    expect(found.total).toBe(2);
    expect(found.properties.map((p) => p.uid).sort()).toEqual([a!.puid, c!.puid].sort());
    const card = found.properties.find((p) => p.uid === a!.puid)!;
    expect(card.also_on).toEqual([{ puid: b!.puid, slug: b!.slug, source: 'easybroker', source_name: 'EasyBroker', source_url: 'https://www.easybroker.com/mx/listings/EB-1' }]);
    expect((await search.getProperty(b!.slug)).also_on?.map((x) => x.puid)).toEqual([a!.puid]);

    // The KW listing's price drops into the 3 %: the incremental run puts it in the group.
    await database.db.updateTable('properties').set({ rent_price: 18_100 }).where('puid', '=', c!.puid).execute();
    const run = await regroupChangedListings(database, RATES);
    expect(run).toMatchObject({ kind: 'changed' });
    expect(await groupOf(c!.puid)).toEqual({ dup_group: a!.puid, dup_hidden: true });
    expect((await search.search(around(lat, lng))).total).toBe(1);

    // The representative is deactivated: the others regroup around the next best, which shows again.
    await database.db.updateTable('properties').set({ is_active: false }).where('puid', '=', a!.puid).execute();
    await regroupChangedListings(database, RATES);
    expect((await groupOf(a!.puid)).dup_group).toBeNull();
    const after = await search.search(around(lat, lng));
    expect(after.total).toBe(1);
    expect(after.properties[0]!.also_on).toHaveLength(1);
    // Nothing changed since: the next run writes nothing.
    await regroupChangedListings(database, RATES);
    expect(await regroupChangedListings(database, RATES)).toEqual({ kind: 'changed', listings: 0, written: 0 });
  });
});
