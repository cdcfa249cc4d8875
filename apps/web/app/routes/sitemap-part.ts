import type { Route } from './+types/sitemap-part';
import { getServices, notFound, pageSettings } from '../modules/server/services.server.ts';
import { SITEMAP_PART_SIZE, sitemapPartResponse, rememberedPagePaths } from '../modules/seo/sitemap.server.ts';

/** /sitemaps/{places.xml | places-N.xml | propiedades-N.xml}: the parts a sitemap index points at. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const response = await sitemapPartResponse(services, pageSettings(services).origin, params.name, SITEMAP_PART_SIZE, rememberedPagePaths);
  if (!response) notFound();
  return response;
}
