import type { Database } from '@nj/db';
import type { TPropertyDetail, TSearchQuery, TSearchResult } from '@nj/contracts';
import type { ExchangeRates } from './index/property-index.ts';
import { buildIndex, IndexSync } from './index/sync-index.ts';
import { searchProperties } from './search-properties.ts';
import { getProperty } from './get-property.ts';

/** The search feature of one process: its in-memory index (kept in step with the database) and the two reads. */
export type SearchService = {
  index: IndexSync;
  /** Listings in the index (live), for logs and health. */
  size(): number;
  /** `cuid`: a registered client, whose likes set `is_liked` on the cards. */
  search(query: TSearchQuery, cuid?: string): Promise<TSearchResult>;
  getProperty(idOrSlugOrCode: string, cuid?: string): Promise<TPropertyDetail>;
};

/**
 * Builds the process's search index from the database (startup; about a second per 200k listings) and returns the
 * service. `log` receives one line with the listing count and build time in ms. Create it once per process.
 */
export async function createSearchService(options: {
  database: Database; exchangeRates: ExchangeRates; log?: (line: string) => void;
}): Promise<SearchService> {
  const { database, exchangeRates } = options;
  const built = await buildIndex(database, exchangeRates);
  options.log?.(`Índice de búsqueda: ${built.index.live} propiedades en ${Math.round(built.ms)} ms`);
  const sync = new IndexSync(built.index, database);
  const config = { exchangeRates };
  return {
    index: sync,
    size: () => sync.index.live,
    search: (query, cuid) => searchProperties({ index: sync, database, query, config, cuid }),
    getProperty: (idOrSlugOrCode, cuid) => getProperty({ database, idOrSlugOrCode, config, cuid }),
  };
}
