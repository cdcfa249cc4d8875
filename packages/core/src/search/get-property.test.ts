import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase, type Database } from '@nj/db';
import { insertTestProperties } from './testing/insert-properties.ts';
import { createSearchService, type SearchService } from './search-service.ts';
import { propertiesRepository } from '../properties/properties-repository.ts';
import { watchWrites } from './index/write-watch.ts';

let database: Database;
let search: SearchService;
beforeAll(async () => {
  database = await openTestDatabase();
  watchWrites(database);
  search = await createSearchService({ database, exchangeRates: { usd: 18.5, eur: 20 } });
});
afterAll(async () => {
  await database?.close();
});

describe('getProperty through the search service', () => {
  it('answers a listing whose current version is cached without a query, and a changed one from the database at once', async () => {
    const [p] = await insertTestProperties(database, [{ lat: 20.67, lng: -103.39, title: 'Casa en renta en Providencia' }]);
    await search.index.refresh();
    await search.index.prefillRows({ pauseMs: 0 });
    const findOne = vi.spyOn(propertiesRepository, 'findOne');
    try {
      expect((await search.getProperty(p!.slug)).title).toBe('Casa en renta en Providencia');
      expect((await search.getProperty(p!.slug.toUpperCase())).uid).toBe(p!.puid);
      expect((await search.getProperty(p!.puid)).uid).toBe(p!.puid);
      expect(findOne).not.toHaveBeenCalled();

      // An edit is seen by the next read (the index catches up first; the cached version no longer matches).
      await database.db.updateTable('properties').set({ title: 'Casa remodelada en Providencia' }).where('puid', '=', p!.puid).execute();
      expect((await search.getProperty(p!.slug)).title).toBe('Casa remodelada en Providencia');
      expect(findOne).toHaveBeenCalledTimes(1);

      // The code form (NJ-…) and a deactivated listing still go to the database (and the latter is GONE).
      expect((await search.getProperty(`NJ-${p!.nj_uid.toUpperCase()}`)).uid).toBe(p!.puid);
      await database.db.updateTable('properties').set({ is_active: false }).where('puid', '=', p!.puid).execute();
      await expect(search.getProperty(p!.slug)).rejects.toMatchObject({ code: 'GONE' });
    } finally {
      findOne.mockRestore();
    }
  });
});
