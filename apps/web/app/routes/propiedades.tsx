import type { Route } from './+types/propiedades';
import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { SEARCH_MESSAGES } from '@nj/contracts/search/messages';
import { getServices } from '../modules/server/services.server.ts';
import { loadListing, queryPlace } from '../modules/listing/listing-loader.server.ts';
import { requestActor } from '../modules/server/request-actor.server.ts';
import { ListingPage } from '../modules/listing/ListingPage.tsx';
import { listingMeta } from '../modules/seo/meta.ts';
import { RouteError } from '../modules/layout/RouteError.tsx';

/**
 * /propiedades: the map listing (spec 01 §2), server-rendered with the first page of results. Its heading, title,
 * description and search box say the current search (issue 9 §3): type, operation and the place chosen in the
 * search box (`place`, a place slug; an unknown one is left out, the bounds still decide what is listed).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  return loadListing({ services, request, actor: await requestActor(context), base: { place: await queryPlace(services, request) } });
}

// Filters and the map write the address themselves; a changed query string is not a new page.
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? listingMeta(loaderData) : [{ title: SEARCH_MESSAGES.defaultTitle }];

export default function PropiedadesRoute({ loaderData }: Route.ComponentProps) {
  return <ListingPage data={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
