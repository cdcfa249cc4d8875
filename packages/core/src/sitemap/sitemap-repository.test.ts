import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openTestDatabase, type Database } from '@nj/db';
import { insertTestProperties } from '../search/testing/insert-properties.ts';
import { sitemapRepository } from './sitemap-repository.ts';

/** What sitemap.xml reads (issue 2 §5), now through the properties repository (issue 8 §3), on the seeded template. */

let database: Database;
let inactive: string;
beforeAll(async () => {
  database = await openTestDatabase();
  const [p] = await insertTestProperties(database, [{ lat: 20.67, lng: -103.39, is_active: false }]);
  inactive = p!.puid;
});
afterAll(async () => {
  await database?.close();
});

describe('sitemapRepository', () => {
  it('walks every active listing once in puid order, by offset and keyset, and no inactive one', async () => {
    const count = await sitemapRepository.countActiveListings(database);
    const expected = (await sql<{ puid: string }>`SELECT puid FROM properties WHERE is_active ORDER BY puid`.execute(database.db)).rows.map((r) => r.puid);
    expect(count).toBe(expected.length);
    expect(count).toBeGreaterThan(0);

    const walked: string[] = [];
    let after: string | null = null;
    for (;;) {
      const rows = await sitemapRepository.activeListingsAfter(database, after, 500);
      if (rows.length === 0) break;
      walked.push(...rows.map((r) => r.puid));
      after = rows.at(-1)!.puid;
    }
    expect(walked).toEqual(expected);
    expect(walked).not.toContain(inactive);

    expect(await sitemapRepository.puidAtOffset(database, 0)).toBe(expected[0]);
    expect(await sitemapRepository.puidAtOffset(database, count - 1)).toBe(expected.at(-1));
    expect(await sitemapRepository.puidAtOffset(database, count)).toBeNull();
  });

  it('lists states, large localities and colonias with active listings, each once', async () => {
    const slugs = await sitemapRepository.placeSlugs(database);
    expect(new Set(slugs).size).toBe(slugs.length);
    const regions = await database.db.selectFrom('places').select('slug').where('kind', '=', 'region').execute();
    expect(regions.length).toBeGreaterThan(0);
    for (const r of regions) expect(slugs).toContain(r.slug);
    const small = await database.db.selectFrom('places').select('slug').where('kind', '=', 'locality').where('population', '<', 20_000).limit(5).execute();
    const colonias = new Set((await database.db.selectFrom('places').select('slug').where('kind', '=', 'neighbourhood').execute()).map((r) => r.slug));
    for (const s of small) if (!colonias.has(s.slug)) expect(slugs).not.toContain(s.slug);
  });

  it('lists the category pages of states and municipalities with active listings of that type', async () => {
    const pages = await sitemapRepository.categoryPages(database);
    const gdl = pages.filter((p) => p.slug === 'guadalajara');
    expect(gdl.find((p) => p.property_type === 'apartment')).toMatchObject({ rent: true, sale: true });
    expect(pages.find((p) => p.slug === 'jalisco' && p.property_type === 'apartment')).toMatchObject({ rent: true });
    const keys = pages.map((p) => `${p.slug}/${p.property_type}`);
    expect(new Set(keys).size).toBe(keys.length);
    // Only listings that exist: every page's type is found among the active listings.
    const types = new Set((await sql<{ t: string }>`SELECT DISTINCT property_type AS t FROM properties WHERE is_active`.execute(database.db)).rows.map((r) => r.t));
    for (const p of pages) expect(types.has(p.property_type)).toBe(true);
    expect(pages.some((p) => p.slug === 'tijuana')).toBe(false);
  });
});
