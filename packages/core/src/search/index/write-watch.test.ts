import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openTestDatabase, type Database } from '@nj/db';
import { insertTestProperties } from '../testing/insert-properties.ts';
import { buildIndex, IndexSync } from './sync-index.ts';
import { lastWriteAt, watchWrites } from './write-watch.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  watchWrites(database);
});
afterAll(async () => {
  await database?.close();
});

describe('watchWrites', () => {
  it('notes writes (builder or raw SQL, in a transaction too) and not reads', async () => {
    const start = lastWriteAt(database)!;
    await database.db.selectFrom('properties').select('puid').limit(1).execute();
    await sql`SELECT count(*) FROM properties`.execute(database.db);
    expect(lastWriteAt(database)).toBe(start);
    await sql`UPDATE properties SET title = title WHERE false`.execute(database.db);
    const afterRaw = lastWriteAt(database)!;
    expect(afterRaw).toBeGreaterThan(start);
    await database.db.transaction().execute(async (trx) => {
      await trx.updateTable('properties').set({ title: 'x' }).where('puid', '=', 'p_none').execute();
    });
    expect(lastWriteAt(database)!).toBeGreaterThan(afterRaw);
  });

  it('lets the index see a write at once while skipping the change query when nothing was written', async () => {
    const built = await buildIndex(database, { usd: 20, eur: 22 });
    const sync = new IndexSync(built.index, database);
    await sync.refresh();
    const before = sync.index.live;
    const seen: string[][] = [];
    sync.onChange((keys) => seen.push(keys));
    const [added] = await insertTestProperties(database, [{ lat: 18.3, lng: -110.5 }]);
    await sync.refresh();
    expect(sync.index.live).toBe(before + 1);
    // Listeners hear the puid and slug of every listing a refresh applied (pages of it are dropped).
    expect(seen.flat()).toEqual(expect.arrayContaining([added!.puid, added!.slug]));
  });

  it('prefills the row cache with every row under its own version', async () => {
    const built = await buildIndex(database, { usd: 20, eur: 22 });
    const sync = new IndexSync(built.index, database);
    const n = await sync.prefillRows({ batch: 500, pauseMs: 0 });
    const count = await database.db.selectFrom('properties').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(n).toBe(Number(count.n));
    const one = await database.db.selectFrom('properties').select(['puid', 'change_seq']).limit(1).executeTakeFirstOrThrow();
    expect(sync.rows.get(one.puid, Number(one.change_seq))?.puid).toBe(one.puid);
    expect(sync.rows.get(one.puid, Number(one.change_seq) + 1)).toBeUndefined();
  });
});
