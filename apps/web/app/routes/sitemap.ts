import type { Route } from './+types/sitemap';
import { getServices, pageSettings } from '../modules/server/services.server.ts';
import { SITEMAP_PART_SIZE, sitemapResponse, rememberedPagePaths } from '../modules/seo/sitemap.server.ts';

/** /sitemap.xml (resource route): every active listing and place page, or an index when over 50,000 URLs. */
export async function loader({ context }: Route.LoaderArgs) {
  const services = getServices(context);
  return sitemapResponse(services, pageSettings(services).origin, SITEMAP_PART_SIZE, rememberedPagePaths);
}
