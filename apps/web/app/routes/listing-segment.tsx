import type { Route } from './+types/listing-segment';
import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { FILTER_MESSAGES as F } from '@nj/contracts/search/filter-messages';
import { NAVIGATION_MESSAGES } from '@nj/contracts/navigation/messages';
import { PROPERTY_TYPE_PLURAL_LABELS } from '@nj/contracts/catalogue/vocabularies';
import { SEARCH_MESSAGES } from '@nj/contracts/search/messages';
import { getServices, notFound } from '../modules/server/services.server.ts';
import { findPlaceBySlug } from '../modules/server/places.server.ts';
import { loadListing } from '../modules/listing/listing-loader.server.ts';
import { requestActor } from '../modules/server/request-actor.server.ts';
import { headingPlace, parseListingSegment } from '../modules/listing/segment.ts';
import { ListingPage } from '../modules/listing/ListingPage.tsx';
import { boundsForPlace } from '../modules/search/place-bounds.ts';
import { pageMeta } from '../modules/seo/meta.ts';
import { RouteError } from '../modules/layout/RouteError.tsx';

/**
 * /propiedades-en-{place} (404 when the place is unknown) and the category paths (/casas, /departamentos-en-…):
 * server-rendered listings centred on the place, titled e.g. 'Departamentos en renta y venta en Providencia,
 * Guadalajara' (spec 01 §2).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const parsed = parseListingSegment(params.segment);
  if (!parsed) notFound();
  const place = parsed.placeSlug ? await findPlaceBySlug(services, parsed.placeSlug) : null;
  if (parsed.kind === 'place' && !place) notFound();
  const where = place ? headingPlace(place.label, place.kind) : null;
  const typeWord = parsed.kind === 'category' ? (PROPERTY_TYPE_PLURAL_LABELS[parsed.type] ?? F.propertiesWord) : F.propertiesWord;
  const heading = parsed.kind === 'category' || where ? F.listingTitle(typeWord, where) : SEARCH_MESSAGES.defaultTitle;
  return loadListing({
    services,
    request,
    actor: await requestActor(context),
    heading,
    base: {
      bounds: place ? boundsForPlace(place) : null,
      zoom: place ? place.zoom : null,
      filters: parsed.kind === 'category' ? { propertyTypes: [parsed.type] } : undefined,
    },
  });
}

export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? pageMeta({ title: loaderData.heading, description: loaderData.description, origin: loaderData.origin, path: loaderData.path })
    : [{ title: NAVIGATION_MESSAGES.notFoundTitle }, { name: 'robots', content: 'noindex' }];

export default function ListingSegmentRoute({ loaderData }: Route.ComponentProps) {
  return <ListingPage data={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
