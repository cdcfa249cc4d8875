import { DRAWN_AREA_PARAM, filterStateFromQuery, NEAR_PARAM, SAVED_SEARCH_LIMITS, SAVED_SEARCH_MESSAGES as M, type TFilterState, type TSavedSearch, type TSavedSearchCreate } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { ownRecords } from '../policies/policy.ts';
import { savedSearchPolicy } from '../policies/saved-search.ts';
import { resolveSearchPlace } from '../search/resolve-search-place.ts';
import { savedSearchesRepository } from './saved-searches-repository.ts';

/**
 * The filter state of a saved query string (the /propiedades URL's, with or without '?'), or a Spanish 400 when it
 * holds control characters or an `area`/`cerca` value that does not decode (filterStateFromQuery would drop it).
 */
export function filtersOfQuery(query: string): { query: string; filters: TFilterState; place: string | null } {
  const q = query.trim().replace(/^\?/, '');
  if (/[\u0000-\u001f\u007f]/.test(q)) throw new AppError('BAD_REQUEST', M.invalidQuery);
  const params = new URLSearchParams(q);
  const filters = filterStateFromQuery(params);
  if ((params.has(DRAWN_AREA_PARAM) || params.has(NEAR_PARAM)) && !filters.area) throw new AppError('BAD_REQUEST', M.invalidQuery);
  return { query: q, filters, place: params.get('place')?.trim() || null };
}

/**
 * Saves a search of the signed-in client (POST /api/v1/saved-searches; issue 17 'Saved searches and alerts').
 * A query naming a place (`place=slug`, which the place pages add) keeps it: the alerts then cover that place's outline
 * (search-matcher.ts), not the map's bounds.
 * @param input `{ name, query, frequency, whatsapp }` (ZSavedSearchCreate)
 * @returns the saved search as the list shows it (new_count 0)
 * @throws AppError UNAUTHORIZED for a visitor or anonymous client; BAD_REQUEST for an invalid query (an unknown place
 *   included) or past
 *   SAVED_SEARCH_LIMITS.maxPerClient searches
 */
export async function saveSearch(database: Database, actor: Actor, input: TSavedSearchCreate): Promise<TSavedSearch> {
  const cuid = ownRecords(actor, savedSearchPolicy, 'create');
  const { query, filters, place } = filtersOfQuery(input.query);
  if (place) await resolveSearchPlace(database, place).catch(() => { throw new AppError('BAD_REQUEST', M.invalidQuery); });
  if ((await savedSearchesRepository.countFor(database.db, cuid)) >= SAVED_SEARCH_LIMITS.maxPerClient) {
    throw new AppError('BAD_REQUEST', M.tooMany(SAVED_SEARCH_LIMITS.maxPerClient));
  }
  const row = await savedSearchesRepository.insert(database.db, { cuid, name: input.name, query, filters, placeSlug: place, frequency: input.frequency, whatsapp: input.whatsapp });
  return {
    id: row.id, name: row.name, query: row.query, frequency: row.frequency, whatsapp: row.whatsapp, new_count: 0,
    last_visit_at: new Date(row.last_visit_at).toISOString(), created_at: new Date(row.created_at).toISOString(),
  };
}
