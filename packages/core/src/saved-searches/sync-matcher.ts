import type { Database } from '@nj/db';
import { resolveSearchPlace } from '../search/resolve-search-place.ts';
import { SearchMatcher, type MatchPlace } from './search-matcher.ts';
import { savedSearchesRepository } from './saved-searches-repository.ts';

type Held = { matcher: SearchMatcher; seq: number };
const held = new WeakMap<Database, Held>();

/**
 * This process's saved-search matcher for `database`, brought up to date (issue 17; decision 037): the searches
 * whose `seq` rose since the last call are put again, with the outline of the place they were saved on (an 'off'
 * search is removed: it sends nothing); when the number
 * of searches in the table differs from the number held plus the switched-off ones, a search was deleted and the
 * matcher is rebuilt from scratch. Every process (API, worker) keeps its own copy and catches up the same way, like
 * the listings index with change_seq (decision 002). One query when nothing changed.
 */
export async function syncedMatcher(database: Database): Promise<SearchMatcher> {
  let h = held.get(database);
  if (!h) held.set(database, (h = { matcher: new SearchMatcher(), seq: 0 }));
  const { rows, total } = await savedSearchesRepository.changedSince(database.db, h.seq);
  for (const r of rows) {
    if (r.frequency === 'off') h.matcher.remove(r.id);
    else h.matcher.put(r.id, r.filters, await placeOf(database, r.place_slug));
    h.seq = Math.max(h.seq, r.seq);
  }
  const offCount = h.matcher.size === total ? 0 : await countOff(database);
  if (h.matcher.size + offCount !== total) {
    const fresh: Held = { matcher: new SearchMatcher(), seq: 0 };
    held.set(database, fresh);
    const all = await savedSearchesRepository.changedSince(database.db, 0);
    for (const r of all.rows) {
      if (r.frequency !== 'off') fresh.matcher.put(r.id, r.filters, await placeOf(database, r.place_slug));
      fresh.seq = Math.max(fresh.seq, r.seq);
    }
    return fresh.matcher;
  }
  return h.matcher;
}

/**
 * The outline of the place a search was saved on (resolveSearchPlace, cached per database), or null: none, or a slug
 * no place has any more (the search then keeps its saved bounds).
 */
async function placeOf(database: Database, slug: string | null): Promise<MatchPlace | null> {
  if (!slug) return null;
  const place = await resolveSearchPlace(database, slug).catch(() => null);
  return place ? { polygons: place.polygons, area: place.area } : null;
}

async function countOff(database: Database): Promise<number> {
  const r = await database.db.selectFrom('saved_searches' as any).select((eb: any) => eb.fn.countAll().as('n')).where('frequency', '=', 'off').executeTakeFirst();
  return Number((r as { n?: unknown } | undefined)?.n ?? 0);
}
