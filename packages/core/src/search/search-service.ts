import type { Database } from '@nj/db';
import type { TPropertyDetail, TPropertySummary, TSearchQuery, TSearchResult } from '@nj/contracts';
import type { ExchangeRates } from '../properties/exchange-rates.ts';
import { buildIndex, IndexSync } from './index/sync-index.ts';
import { searchProperties } from './search-properties.ts';
import { getProperty } from './get-property.ts';
import { searchOwnInactive } from './search-own-inactive.ts';
import { listSimilarProperties } from './list-similar-properties.ts';
import { registeredCuidOf, type Actor } from '../policies/actor.ts';
import { SEARCH_MESSAGES } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import { SiteMemberSets } from '../sites/site-member-set.ts';

/** The search feature of one process: its in-memory index (kept in step with the database) and the two reads. */
export type SearchService = {
  index: IndexSync;
  /** Listings in the index (live), for logs and health. */
  size(): number;
  /**
   * `actor`: when signed in, their likes set `is_liked` on the cards. `status=inactive` answers only the signed-in
   * actor's own deactivated listings (listingPolicy 'list_own': nobody else's; nothing for a visitor or anonymous client),
   * narrowed by `place` as the active search is (search-own-inactive.ts).
   * `siteUid` (a branded site's auid, issue 15; decision 030): only listings whose owner or assigned agent is a
   * member of that site (listSiteMemberCuids) are counted, listed and clustered.
   */
  search(query: TSearchQuery, actor?: Actor, siteUid?: string | null): Promise<TSearchResult>;
  /**
   * The detail as `actor` may read it (listingPolicy 'read': a deactivated listing only its owner, else AppError GONE).
   * With `siteUid`, a listing of someone who is not a member of that branded site is AppError NOT_FOUND (decision 030).
   */
  getProperty(idOrSlugOrCode: string, actor?: Actor, siteUid?: string | null): Promise<TPropertyDetail>;
  /**
   * Up to 6 active listings like this one (same operation and type, price within ±20 %, nearest first): the detail
   * page's similar listings and the 410 page of a listing no longer available. With `siteUid`, members' listings only.
   */
  similar(idOrSlugOrCode: string, siteUid?: string | null): Promise<TPropertySummary[]>;
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
  const siteMembers = new SiteMemberSets(database);
  const membersOf = async (siteUid: string | null | undefined) => (siteUid ? siteMembers.get(sync.index, siteUid) : null);
  return {
    index: sync,
    size: () => sync.index.live,
    search: async (query, actor, siteUid) => {
      const cuid = registeredCuidOf(actor);
      if (query.status === 'inactive') return searchOwnInactive({ database, query, rates: exchangeRates, cuid });
      return searchProperties({ index: sync, database, query, config, cuid, members: await membersOf(siteUid) });
    },
    getProperty: async (idOrSlugOrCode, actor, siteUid) => {
      const property = await getProperty({ database, idOrSlugOrCode, config, actor, index: sync });
      const members = await membersOf(siteUid);
      if (members) {
        await sync.refresh();
        if (!sync.index.isListingOf(property.uid, members)) throw new AppError('NOT_FOUND', SEARCH_MESSAGES.propertyNotFound);
      }
      return property;
    },
    similar: async (idOrSlugOrCode, siteUid) => {
      const members = await membersOf(siteUid);
      return listSimilarProperties({
        database, idOrSlugOrCode, rates: exchangeRates, search: (query) => searchProperties({ index: sync, database, query, config, members }),
      });
    },
  };
}
