import type { Route } from './+types/ficha';
import { NAVIGATION_MESSAGES } from '@nj/contracts/navigation/messages';
import { PROPERTY_SHEET_MESSAGES as M } from '@nj/contracts/property-sheets/messages';
import { getServices } from '../modules/server/services.server.ts';
import { loadPropertySheet } from '../modules/property-sheets/property-sheet.server.ts';
import { PropertySheetPage } from '../modules/property-sheets/PropertySheetPage.tsx';
import { pageMeta, truncate } from '../modules/seo/meta.ts';
import { RouteError } from '../modules/layout/RouteError.tsx';

/**
 * /ficha/{puid}/{cuid} (spec 01 §2, spec 03 §2 public pages; issue 16): the property sheet of listing `puid` shared by
 * client `cuid`, branded when the client is an agent or an agency's administrator. Its canonical link is the listing's
 * page, so search engines index the listing, not its sheets. A missing or inactive listing or an unknown client: 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  return loadPropertySheet(getServices(context), params.puid, params.cuid);
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: NAVIGATION_MESSAGES.notFoundTitle }, { name: 'robots', content: 'noindex' }];
  const c = loaderData.content;
  return pageMeta({
    title: M.metaTitle(c.title),
    description: truncate(M.metaDescription(c.title, c.prices.join(' · '))),
    origin: loaderData.origin,
    path: `/propiedades/${encodeURIComponent(loaderData.slug)}`,
    image: c.photos[0] ?? null,
    type: 'article',
  });
};

export default function PropertySheetRoute({ loaderData }: Route.ComponentProps) {
  return <PropertySheetPage content={loaderData.content} qrSvg={loaderData.qrSvg} pdfPath={loaderData.pdfPath} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
