import { SEARCH_MESSAGES } from '@nj/contracts/search/messages';
import { ZSearchQuery, type TSearchResult } from '@nj/contracts/search/schemas';
import type { AppServices } from '@nj/core/app-services';
import { pageSettings } from '../server/services.server.ts';
import type { Actor } from '@nj/core/policies/actor';
import { filtersFromParams, searchApiQuery, type Bounds, type ListingFilters } from './filters.ts';
import { searchKey } from './useListingSearch.ts';
import type { ListingPageData } from './ListingPage.tsx';

/**
 * Server side of every listing page (/propiedades, /propiedades-en-{place}, category paths): reads filters and bounds
 * from the address (falling back to the page's own place and type), runs the first search so the page is
 * server-rendered with results, and returns what ListingPage and the route's meta need. A failed search renders the
 * page without results (the browser retries and shows the spec's error toast).
 */
export async function loadListing(input: {
  services: AppServices;
  request: Request;
  /** Whose likes mark the cards (requestActor). */
  actor: Actor;
  heading: string;
  base?: { bounds?: Bounds | null; zoom?: number | null; filters?: Partial<ListingFilters> };
}): Promise<ListingPageData & { origin: string; path: string; total: number; description: string }> {
  const url = new URL(input.request.url);
  const parsed = filtersFromParams(url.searchParams);
  const filters: ListingFilters = { ...parsed.filters };
  if (input.base?.filters?.propertyTypes && !url.searchParams.has('property_types')) filters.propertyTypes = input.base.filters.propertyTypes;
  const bounds = parsed.bounds ?? input.base?.bounds ?? null;
  const zoom = parsed.bounds ? parsed.zoom : (input.base?.zoom ?? parsed.zoom);
  const area = { bounds, zoom };
  let initial: { key: string; result: TSearchResult } | null = null;
  const query = ZSearchQuery.safeParse(searchApiQuery(filters, bounds, zoom, 1));
  if (query.success) {
    try {
      const result = await input.services.search.search(query.data, input.actor);
      initial = { key: JSON.stringify(searchKey(filters, area)), result };
    } catch (error) {
      console.error('listing search failed', error);
    }
  }
  const settings = pageSettings(input.services);
  const total = initial?.result.total ?? 0;
  return {
    filters, area, initial, heading: input.heading, mapStyleUrl: settings.mapStyleUrl, origin: settings.origin,
    path: url.pathname, total,
    description: SEARCH_MESSAGES.listingDescription(input.heading, total),
  };
}
