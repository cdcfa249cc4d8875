import type { Route } from './+types/listing-segment';
import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { NAVIGATION_MESSAGES } from '@nj/contracts/navigation/messages';
import { getServices } from '../modules/server/services.server.ts';
import { loadSegmentListing } from '../modules/listing/listing-loader.server.ts';
import { requestActor } from '../modules/server/request-actor.server.ts';
import { ListingPage } from '../modules/listing/ListingPage.tsx';
import { listingMeta } from '../modules/seo/meta.ts';
import { RouteError } from '../modules/layout/RouteError.tsx';

/**
 * /propiedades-en-{place} and the category paths (spec 01 §2; issue 9 §3): every word filters —
 * /departamentos-en-renta-en-guadalajara lists apartments, for rent, on Guadalajara's area, titled 'Departamentos en
 * renta en Guadalajara, Jalisco'. A word the page cannot read, or a place we do not know, is the Spanish 404 (never
 * a listing that silently ignores part of its address).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadSegmentListing({ services: getServices(context), request, actor: await requestActor(context), segment: params.segment });
}

export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? listingMeta(loaderData) : [{ title: NAVIGATION_MESSAGES.notFoundTitle }, { name: 'robots', content: 'noindex' }];

export default function ListingSegmentRoute({ loaderData }: Route.ComponentProps) {
  return <ListingPage data={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
