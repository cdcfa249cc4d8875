import type { Route } from './+types/propiedades';
import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { SEARCH_MESSAGES } from '@nj/contracts/search/messages';
import { getServices } from '../modules/server/services.server.ts';
import { loadListing } from '../modules/listing/listing-loader.server.ts';
import { requestActor } from '../modules/server/request-actor.server.ts';
import { ListingPage } from '../modules/listing/ListingPage.tsx';
import { pageMeta } from '../modules/seo/meta.ts';
import { RouteError } from '../modules/layout/RouteError.tsx';

/** /propiedades: the map listing (spec 01 §2), server-rendered with the first page of results. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadListing({ services: getServices(context), request, actor: await requestActor(context), heading: SEARCH_MESSAGES.defaultTitle });
}

// Filters and the map write the address themselves; a changed query string is not a new page.
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? pageMeta({ title: SEARCH_MESSAGES.defaultTitle, description: loaderData.description, origin: loaderData.origin, path: '/propiedades' })
    : [{ title: SEARCH_MESSAGES.defaultTitle }];

export default function PropiedadesRoute({ loaderData }: Route.ComponentProps) {
  return <ListingPage data={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
