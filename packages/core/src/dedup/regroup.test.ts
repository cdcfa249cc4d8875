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

/** change_seq and updated_at of a listing. */
const stamps = async (puid: string) => (await sql<{ change_seq: string; updated_at: Date }>`SELECT change_seq, updated_at FROM properties
  WHERE puid = ${puid}`.execute(database.db)).rows[0]!;

describe('the incremental regrouping follows what the rule reads (decision 034, migration 055)', () => {
  it('counter writes (views, shares, likes, inquiries) queue nothing: the next run looks at no listing', async () => {
    const [a] = await insertTestProperties(database, [
      { lat: 22.1, lng: -101.1, source: 'inmuebles24', rent_price: 9_000 },
      { lat: 22.1002, lng: -101.1, source: 'kw', rent_price: 9_100 },
    ]);
    await regroupChangedListings(database, RATES);
    expect(await regroupChangedListings(database, RATES)).toEqual({ kind: 'changed', listings: 0, written: 0 });
    await database.db.transaction().execute(async (trx) => {
      await sql`SELECT set_config('nj.counter_update', 'on', true)`.execute(trx);
      await sql`UPDATE properties SET views = views + 1, shares = shares + 1, likes = likes + 1, inquiries = inquiries + 1
        WHERE puid = ${a!.puid}`.execute(trx);
    });
    expect(await regroupChangedListings(database, RATES)).toEqual({ kind: 'changed', listings: 0, written: 0 });
    // An edit of what the rule reads is queued.
    await database.db.updateTable('properties').set({ rooms: 3 }).where('puid', '=', a!.puid).execute();
    expect(await regroupChangedListings(database, RATES)).toMatchObject({ kind: 'changed', listings: 1 });
  });

  it('the grouping write keeps updated_at (uat, lastmod) and moves change_seq (the index learns dup_hidden)', async () => {
    const [a, b] = await insertTestProperties(database, [
      { lat: 22.2, lng: -101.2, source: 'inmuebles24', rent_price: 12_000 },
      { lat: 22.2002, lng: -101.2, source: 'kw', rent_price: 15_000 },
    ]);
    await regroupChangedListings(database, RATES);
    const before = await stamps(a!.puid);
    await database.db.updateTable('properties').set({ rent_price: 12_100 }).where('puid', '=', b!.puid).execute();
    expect(await regroupChangedListings(database, RATES)).toMatchObject({ kind: 'changed', written: 2 });
    const group = (await groupOf(a!.puid)).dup_group;
    expect(group).not.toBeNull();
    expect((await groupOf(b!.puid)).dup_group).toBe(group);
    const after = await stamps(a!.puid);
    expect(after.updated_at.getTime()).toBe(before.updated_at.getTime());
    expect(Number(after.change_seq)).toBeGreaterThan(Number(before.change_seq));
    const found = await search.search(around(22.2, -101.2));
    expect(found.properties.map((p) => p.uid)).toEqual([group]);
  });

  it('a first-start full pass is not followed by another one: the next run has nothing to do', async () => {
    await insertTestProperties(database, [
      { lat: 22.3, lng: -101.3, source: 'inmuebles24', rent_price: 30_000 },
      { lat: 22.3002, lng: -101.3, source: 'kw', rent_price: 30_100 },
    ]);
    await sql`UPDATE dedup_state SET full_at = NULL`.execute(database.db);
    expect(await regroupChangedListings(database, RATES)).toMatchObject({ kind: 'full' });
    expect(await regroupChangedListings(database, RATES)).toEqual({ kind: 'changed', listings: 0, written: 0 });
  });

  it("regroups several neighbourhoods in one run, and a deleted member's group regroups without it", async () => {
    const [a, b, c, d, e] = await insertTestProperties(database, [
      { lat: 22.4, lng: -101.4, source: 'inmuebles24', rent_price: 40_000 },
      { lat: 22.4002, lng: -101.4, source: 'kw', rent_price: 41_000 },
      { lat: 22.6, lng: -101.6, source: 'inmuebles24', rent_price: 50_000 },
      { lat: 22.6002, lng: -101.6, source: 'kw', rent_price: 52_000 },
      { lat: 22.6001, lng: -101.6001, source: 'easybroker', rent_price: 50_500 },
    ]);
    await regroupChangedListings(database, RATES);
    const first = (await groupOf(e!.puid)).dup_group;
    expect(first).not.toBeNull();
    expect((await groupOf(c!.puid)).dup_group).toBe(first);
    await database.db.updateTable('properties').set({ rent_price: 40_100 }).where('puid', '=', b!.puid).execute();
    await database.db.updateTable('properties').set({ rent_price: 50_100 }).where('puid', '=', d!.puid).execute();
    expect(await regroupChangedListings(database, RATES)).toMatchObject({ kind: 'changed', listings: 2 });
    expect((await groupOf(b!.puid)).dup_group).toBe((await groupOf(a!.puid)).dup_group);
    expect((await groupOf(b!.puid)).dup_group).not.toBeNull();
    expect((await groupOf(d!.puid)).dup_group).toBe(first);
    await database.db.deleteFrom('properties').where('puid', 'in', [c!.puid, d!.puid]).execute();
    await regroupChangedListings(database, RATES);
    expect(await groupOf(e!.puid)).toEqual({ dup_group: null, dup_hidden: false });
  });
});

