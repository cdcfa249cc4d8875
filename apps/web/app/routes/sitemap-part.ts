import type { Route } from './+types/sitemap-part';
import { getServices, notFound, pageSettings } from '../modules/server/services.server.ts';
import { sitemapPartResponse } from '../modules/seo/sitemap.server.ts';

/** /sitemaps/{places.xml | places-N.xml | propiedades-N.xml}: the parts a sitemap index points at. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const response = await sitemapPartResponse(services, pageSettings(services).origin, params.name);
  if (!response) notFound();
  return response;
}
