import type { Database } from '@nj/db';
import type { TPropertyDetail, TPropertySummary, TSearchQuery, TSearchResult } from '@nj/contracts';
import type { ExchangeRates } from '../properties/exchange-rates.ts';
import { buildIndex, IndexSync } from './index/sync-index.ts';
import { searchProperties } from './search-properties.ts';
import { getProperty } from './get-property.ts';
import { searchOwnInactive } from './search-own-inactive.ts';
import { listSimilarProperties } from './list-similar-properties.ts';
import { registeredCuidOf, type Actor } from '../policies/actor.ts';

/** The search feature of one process: its in-memory index (kept in step with the database) and the two reads. */
export type SearchService = {
  index: IndexSync;
  /** Listings in the index (live), for logs and health. */
  size(): number;
  /**
   * `actor`: when signed in, their likes set `is_liked` on the cards. `status=inactive` answers only the signed-in
   * actor's own deactivated listings (listingPolicy 'list_own': nobody else's; nothing for a visitor or anonymous client),
   * narrowed by `place` as the active search is (search-own-inactive.ts).
   */
  search(query: TSearchQuery, actor?: Actor): Promise<TSearchResult>;
  /** The detail as `actor` may read it (listingPolicy 'read': a deactivated listing only its owner, else AppError GONE). */
  getProperty(idOrSlugOrCode: string, actor?: Actor): Promise<TPropertyDetail>;
  /**
   * Up to 6 active listings like this one (same operation and type, price within ±20 %, nearest first): the detail
   * page's similar listings and the 410 page of a listing no longer available.
   */
  similar(idOrSlugOrCode: string): Promise<TPropertySummary[]>;
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
    search: (query, actor) => {
      const cuid = registeredCuidOf(actor);
      return query.status === 'inactive'
        ? searchOwnInactive({ database, query, rates: exchangeRates, cuid })
        : searchProperties({ index: sync, database, query, config, cuid });
    },
    getProperty: (idOrSlugOrCode, actor) => getProperty({ database, idOrSlugOrCode, config, actor, index: sync }),
    similar: (idOrSlugOrCode) => listSimilarProperties({
      database, idOrSlugOrCode, rates: exchangeRates, search: (query) => searchProperties({ index: sync, database, query, config }),
    }),
  };
}
