import type { TPropertySummary, TSearchQuery, TSearchResult } from '@nj/contracts';
import type { Database } from '@nj/db';
import { propertiesRepository } from '../properties/properties-repository.ts';
import { propertyKey } from './get-property.ts';

/** How far around the listing similar ones are looked for, in degrees (≈ 9 km, then ≈ 55 km). */
const RADII = [0.08, 0.5] as const;

/**
 * Up to `limit` active listings like this one (same operation and property type, newest first, nearest area first),
 * for the page of a listing that is no longer available (issue 7 §7: 410 with similar listings). `idOrSlugOrCode`
 * as in getProperty; `search` is the map search (it applies the public rules: active listings only). Returns []
 * when the listing does not exist.
 */
export async function listSimilarProperties(options: {
  database: Database; idOrSlugOrCode: string; limit?: number;
  search: (query: TSearchQuery) => Promise<TSearchResult>;
}): Promise<TPropertySummary[]> {
  const limit = options.limit ?? 6;
  const key = propertyKey(options.idOrSlugOrCode);
  const row = key ? await propertiesRepository.findOne(options.database, key) : undefined;
  if (!row) return [];
  const found: TPropertySummary[] = [];
  for (const r of RADII) {
    const result = await options.search({
      north: Math.min(85, row.lat + r), south: Math.max(-85, row.lat - r), east: row.lng + r, west: row.lng - r,
      op_type: row.is_renta ? 'rent' : 'sale', property_types: [row.property_type], order_by: 'newest', status: 'active',
    } as TSearchQuery);
    for (const p of result.properties) {
      if (p.uid !== row.puid && !found.some((f) => f.uid === p.uid)) found.push(p);
    }
    if (found.length >= limit) break;
  }
  return found.slice(0, limit);
}
