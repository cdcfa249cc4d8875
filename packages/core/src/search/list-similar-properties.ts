import type { TPropertySummary, TSearchQuery, TSearchResult } from '@nj/contracts';
import type { Database } from '@nj/db';
import { propertiesRepository } from '../properties/properties-repository.ts';
import { presentSummary } from '../properties/present-property.ts';
import type { ExchangeRates } from '../properties/exchange-rates.ts';
import { propertyKey } from './get-property.ts';
import { rankSimilar, SIMILAR_RADII_DEG, similarSearchQuery } from './similar-listings.ts';

/**
 * Up to `limit` (default 6) active listings similar to this one (similar-listings.ts: same operation and property
 * type, price within ±20 % in MXN, nearest first), looked for within ≈ 9 km and then ≈ 55 km, for the detail page
 * (issue 9 §4) and the page of a listing that is no longer available (issue 7 §7: 410 with similar listings).
 * `idOrSlugOrCode` as in getProperty; `search` is the map search over the in-memory index (it applies the public
 * rules: active listings only); `rates` convert the listing's price to MXN. Returns [] when the listing does not exist.
 */
export async function listSimilarProperties(options: {
  database: Database; idOrSlugOrCode: string; limit?: number; rates: ExchangeRates;
  search: (query: TSearchQuery) => Promise<TSearchResult>;
}): Promise<TPropertySummary[]> {
  const limit = options.limit ?? 6;
  const key = propertyKey(options.idOrSlugOrCode);
  const row = key ? await propertiesRepository.findOne(options.database, key) : undefined;
  if (!row) return [];
  const target = presentSummary(row, { op: null, rates: options.rates });
  let found: TPropertySummary[] = [];
  for (const radius of SIMILAR_RADII_DEG) {
    const result = await options.search(similarSearchQuery(target, radius));
    found = rankSimilar(target, [...found, ...result.properties], limit);
    if (found.length >= limit) break;
  }
  return found;
}
