import { SEARCH_MESSAGES } from '@nj/contracts/search/messages';
import { ZSearchQuery, type TSearchResult } from '@nj/contracts/search/schemas';
import type { OpTypeEs, PropertyType } from '@nj/contracts/catalogue/vocabularies';
import type { TPlaceSuggestion } from '@nj/contracts/places/schemas';
import type { AppServices } from '@nj/core/app-services';
import { pageSettings } from '../server/services.server.ts';
import { pageSite } from '../sites/site.server.ts';
import { registeredCuidOf, type Actor } from '@nj/core/policies/actor';
import { isSiteMember } from '@nj/core/sites/site-members';
import { siteListingsBounds } from '@nj/core/sites/site-listings-repository';
import { SITE_LOGIN_PATH } from '@nj/core/sites/site-redirect';
import { redirect } from 'react-router';
import { listingPlace } from './listing-place.ts';
import { filtersFromParams, PLACE_PARAM, searchApiQuery, setOperation, type Bounds, type ListingFilters } from './filters.ts';
import { searchKey } from './useListingSearch.ts';
import { listingPath, parseListingSegment, searchHeading } from './segment.ts';
import { resolveListingPlace } from './listing-place.server.ts';
import { notFound } from '../server/services.server.ts';
import type { ListingPageData } from './ListingPage.tsx';
import { loadPlaceMarket } from '../market/market.server.ts';

/**
 * Server side of every listing page (/propiedades, /propiedades-en-{place}, category paths; spec 01 §2, issue 9 §3):
 * reads filters and bounds from the address, over the page's own words (type, operation, place: `base`, each
 * overridden only by the same filter written in the query string), runs the first search (narrowed to the place's
 * area when there is one: `place=` of the search API, issue 9 §2–§3) so the page is
 * server-rendered with results, and returns what ListingPage and the route's meta need: the heading that says
 * what the list shows ('Departamentos en renta en Providencia, Guadalajara'), the canonical path of that search and
 * a description with the count. A failed search renders the page without results (the browser retries and shows
 * the spec's error). On a private branded site a visitor who is not a signed-in member is redirected to
 * /iniciar-sesion (throws redirect; decision 030).
 */
export async function loadListing(input: {
  services: AppServices;
  request: Request;
  /** Whose likes mark the cards (requestActor). */
  actor: Actor;
  base?: { type?: PropertyType | null; opType?: OpTypeEs | null; place?: TPlaceSuggestion | null };
}): Promise<ListingPageData & { origin: string; siteName: string | null; path: string; canonicalPath: string; total: number; description: string }> {
  const url = new URL(input.request.url);
  const params = url.searchParams;
  const parsed = filtersFromParams(params);
  let filters: ListingFilters = { ...parsed.filters };
  const base = input.base ?? {};
  if (base.type && !params.has('propertyTypes') && !params.has('property_types') && !params.has('propertyType')) {
    filters.propertyTypes = [base.type];
  }
  if (base.opType && !params.has('opType') && !params.has('op_type')) filters = setOperation(filters, base.opType);
  const place = base.place ? listingPlace(base.place) : null;
  // Issue 15 (decision 030): on a branded host only its members' listings, and canonical URLs on its domain.
  const { site, origin, siteName } = await pageSite(input.services, input.request);
  // A private site's listings only for its signed-in members, also here (not only in the redirect hook; decision 030).
  if (site?.is_private) {
    const cuid = registeredCuidOf(input.actor);
    if (!cuid || !(await isSiteMember(input.services.database, site.uid, cuid))) throw redirect(SITE_LOGIN_PATH);
  }
  // A branded site's first view fits its members' listings, not the product's default bounds.
  const siteBounds = site && !parsed.bounds && !place ? await siteListingsBounds(input.services.database, site.uid).catch(() => null) : null;
  const bounds: Bounds | null = parsed.bounds ?? place?.bounds ?? siteBounds;
  const zoom = parsed.bounds ? parsed.zoom : (place?.zoom ?? parsed.zoom);
  const area = { bounds, zoom };
  let initial: { key: string; result: TSearchResult } | null = null;
  // Issue 9 §2–§3: the place narrows the search to its own area, not its bounding box.
  const placeSlug = place?.slug ?? null;
  const query = ZSearchQuery.safeParse(searchApiQuery(filters, bounds, zoom, 1, placeSlug));
  if (query.success) {
    try {
      const result = await input.services.search.search(query.data, input.actor, site?.uid);
      initial = { key: JSON.stringify(searchKey(filters, area, placeSlug)), result };
    } catch (error) {
      console.error('listing search failed', error);
    }
  }
  const settings = pageSettings(input.services);
  const total = initial?.result.total ?? 0;
  const heading = searchHeading({ types: filters.propertyTypes, opType: filters.opType, place: place?.heading ?? null });
  // The canonical page names what the address chose (the path's words, then the query's): a place page with the
  // default operation stays /propiedades-en-{place}, the page the sitemap lists.
  const single = filters.propertyTypes.length === 1 ? filters.propertyTypes[0]! : null;
  const opChosen = !!base.opType || params.has('opType') || params.has('op_type');
  // Issue 17: the place's market figures (median MXN/m², active listings, 12 months), when it has them.
  const market = await loadPlaceMarket(input.services, base.place ?? null, base.type ?? null);
  return {
    filters, area, initial, heading, place, mapStyleUrl: settings.mapStyleUrl, origin, siteName, market,
    path: url.pathname, total,
    canonicalPath: listingPath({ type: single, opType: opChosen ? filters.opType : null, placeSlug: place?.slug ?? null }),
    description: SEARCH_MESSAGES.listingDescription(heading, total),
  };
}

/**
 * The place the query string names (`place`, a slug the search box wrote; PLACE_PARAM), or null when absent or
 * unknown (then the bounds alone decide what is listed; the page names no place).
 */
export async function queryPlace(services: AppServices, request: Request): Promise<TPlaceSuggestion | null> {
  const slug = new URL(request.url).searchParams.get(PLACE_PARAM)?.slice(0, 200).toLowerCase();
  return slug ? resolveListingPlace(services, slug) : null;
}

/**
 * A one-segment listing page (/departamentos-en-renta-en-guadalajara, /propiedades-en-zapopan; issue 9 §3): every word
 * of `segment` filters (parseListingSegment), the place through resolveListingPlace. Throws the 404 response
 * (notFound) for a word it cannot read or a place it does not know; otherwise loadListing's page data.
 */
export async function loadSegmentListing(input: { services: AppServices; request: Request; actor: Actor; segment: string }) {
  const parsed = parseListingSegment(input.segment);
  if (!parsed) notFound();
  const own = parsed.placeSlug ? await resolveListingPlace(input.services, parsed.placeSlug) : null;
  if (parsed.placeSlug && !own) notFound();
  // A place chosen later in the search box (the query's `place`) is what the page then shows.
  const chosen = await queryPlace(input.services, input.request);
  const place = chosen ?? own;
  return loadListing({
    services: input.services, request: input.request, actor: input.actor,
    base: { type: parsed.type, opType: parsed.opType, place },
  });
}
