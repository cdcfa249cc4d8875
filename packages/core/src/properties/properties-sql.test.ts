import { readdirSync, readFileSync } from 'node:fs';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, type RawBuilder } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB } from '@nj/db';
import { listingFilter } from './listing-filter.ts';
import { propertiesSql } from './properties-repository.ts';

/**
 * Issue 8 §3 "hot queries kept as .sql text beside their repository for review": each file in sql/ is the text the
 * repository really sends (compiled by Kysely, without running it), so a change to a hot query shows in review as
 * a change to its .sql file. Whitespace, line breaks and `--` comments do not count. When this fails after a
 * deliberate change, copy the "received" text into the file (and keep its comment true).
 */

const compiler = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const SQL_DIR = new URL('./sql/', import.meta.url);

/** SQL without comments, with whitespace runs as one space and none next to ( ) or commas. */
function normalise(text: string): string {
  return text.replace(/--[^\n]*/g, ' ').replace(/\s+/g, ' ').replace(/\s*([(),])\s*/g, '$1').trim();
}

// The owner list with every filter set, as the file shows it.
const ownerQuery = {
  cuid: 'c_1',
  filter: listingFilter({
    bounds: { north: 20.7, south: 20.6, east: -103.3, west: -103.4 }, op: 'rent', priceMin: 10_000, priceMax: 40_000,
    minRooms: 1, minBathrooms: 1, minParking: 1, types: ['house'], amenities: ['pool'], status: 'active', orderBy: 'cheapest',
  }),
  search: 'Providencia',
  rates: { usd: 18.5, eur: 20 },
  limit: 20,
  offset: 0,
};

const CASES: Record<string, RawBuilder<unknown>> = {
  'index-rows-after.sql': propertiesSql.indexRowsAfter('', 5000),
  'index-rows-changed.sql': propertiesSql.indexRowsChangedSince(1),
  'page-rows.sql': propertiesSql.pageRows(['p_1']),
  'owner-list-page.sql': propertiesSql.ownerListPage(ownerQuery),
  'owner-list-count.sql': propertiesSql.ownerListCount(ownerQuery),
};

describe('hot queries of the properties repository match their .sql files', () => {
  for (const [file, query] of Object.entries(CASES)) {
    it(file, () => {
      const kept = readFileSync(new URL(file, SQL_DIR), 'utf8');
      expect(normalise(query.compile(compiler).sql)).toBe(normalise(kept));
    });
  }

  it('every .sql file is checked here', () => {
    expect(readdirSync(SQL_DIR).filter((f) => f.endsWith('.sql')).sort()).toEqual(Object.keys(CASES).sort());
  });
});
