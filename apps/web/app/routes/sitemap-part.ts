import type { Route } from './+types/sitemap-part';
import { getServices, notFound, pageSettings } from '../modules/server/services.server.ts';
import { pageSite } from '../modules/sites/site.server.ts';
import { SITEMAP_PART_SIZE, sitemapPartResponse, rememberedPagePaths } from '../modules/seo/sitemap.server.ts';

/** /sitemaps/{places.xml | places-N.xml | propiedades-N.xml}: the parts a sitemap index points at (none on a branded host). */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const services = getServices(context);
  // A branded site's sitemap is one urlset (issue 15): it has no parts.
  if ((await pageSite(services, request)).site) notFound();
  const response = await sitemapPartResponse(services, pageSettings(services).origin, params.name, SITEMAP_PART_SIZE, rememberedPagePaths);
  if (!response) notFound();
  return response;
}
