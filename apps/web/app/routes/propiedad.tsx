import { data } from 'react-router';
import type { Route } from './+types/propiedad';
import { NAVIGATION_MESSAGES } from '@nj/contracts/navigation/messages';
import { SEARCH_MESSAGES } from '@nj/contracts/search/messages';
import { getServices, isGone, isNotFound, notFound, pageSettings } from '../modules/server/services.server.ts';
import { requestActor } from '../modules/server/request-actor.server.ts';
import { PropertyDetailPage, detailDescription } from '../modules/properties/PropertyDetailPage.tsx';
import { pageMeta, siteTitle, truncate } from '../modules/seo/meta.ts';
import { pageSite } from '../modules/sites/site.server.ts';
import { propertyJsonLd } from '../modules/properties/json-ld.ts';
import { placeName } from '../modules/properties/format.ts';
import { RouteError } from '../modules/layout/RouteError.tsx';
import { GonePage } from '../modules/properties/GonePage.tsx';
import { loadListingMarket } from '../modules/market/market.server.ts';

/**
 * /propiedades/{slug} and /propiedades/{code} (NJ-…, any case; spec 01 §2): server-rendered detail or a 404. A
 * listing its owner deactivated answers 410 'Esta propiedad ya no está disponible' with similar listings to anyone
 * but the owner (issue 7 §7); the owner still sees the detail. The detail comes with up to six similar listings
 * (issue 9 §4: same operation and type, nearby, price within ±20 %).
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const services = getServices(context);
  const id = params.id.trim();
  // Issue 15 (decision 030): on a branded host a non-member's listing is a 404; canonical URLs on its domain.
  const { site, origin, siteName } = await pageSite(services, request);
  const settings = { ...pageSettings(services), origin, siteName };
  try {
    const property = await services.search.getProperty(id, await requestActor(context), site?.uid);
    // Similar listings (issue 9 §4) come from the in-memory index; `now` fixes the clock of 'Publicada hace …'.
    const similar = await services.search.similar(property.uid, site?.uid);
    // Issue 17: the price history, the 30-day drop and the comparison with the colonia's median.
    const market = await loadListingMarket(services, property);
    return { gone: false as const, property, similar, market, now: Date.now(), ...settings };
  } catch (error) {
    if (isNotFound(error)) notFound(SEARCH_MESSAGES.propertyNotFound);
    if (isGone(error)) {
      return data({ gone: true as const, similar: await services.search.similar(id, site?.uid), ...settings }, { status: 410 });
    }
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: NAVIGATION_MESSAGES.notFoundTitle }, { name: 'robots', content: 'noindex' }];
  if (loaderData.gone) return [{ title: SEARCH_MESSAGES.propertyGone }, { name: 'robots', content: 'noindex' }];
  const { property: p, origin, siteName } = loaderData;
  const description = detailDescription(p);
  const place = placeName(p.location);
  return [
    ...pageMeta({
      title: siteTitle(p.title, siteName),
      description: truncate(description),
      origin,
      path: `/propiedades/${p.slug}`,
      image: p.images[0]?.url.full ?? null,
      type: 'article',
    }),
    { 'script:ld+json': propertyJsonLd(p, { origin, description, place }) },
  ];
};

export default function PropertyRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.gone) return <GonePage similar={loaderData.similar} />;
  return <PropertyDetailPage property={loaderData.property} mapStyleUrl={loaderData.mapStyleUrl} similar={loaderData.similar} now={loaderData.now} market={loaderData.market} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
