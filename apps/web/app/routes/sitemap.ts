import type { Route } from './+types/sitemap';
import { getServices, pageSettings } from '../modules/server/services.server.ts';
import { SITEMAP_PART_SIZE, sitemapResponse, rememberedPagePaths } from '../modules/seo/sitemap.server.ts';
import { pageSite } from '../modules/sites/site.server.ts';
import { siteSitemapResponse } from '../modules/sites/site-sitemap.server.ts';

/**
 * /sitemap.xml (resource route): every active listing and place page, or an index when over 50,000 URLs. On a
 * branded site's host only its members' listings, on its domain (issue 15; siteSitemapResponse).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const services = getServices(context);
  const { site, origin } = await pageSite(services, request);
  if (site) return siteSitemapResponse(services, origin, site.uid, site.is_private);
  return sitemapResponse(services, pageSettings(services).origin, SITEMAP_PART_SIZE, rememberedPagePaths);
}
