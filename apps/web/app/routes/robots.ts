import type { Route } from './+types/robots';
import { getServices } from '../modules/server/services.server.ts';
import { pageSite } from '../modules/sites/site.server.ts';
import { robotsBody } from '../modules/sites/site-sitemap.server.ts';

/**
 * /robots.txt (resource route): everything but the API may be crawled; points at the sitemap of the same origin (a
 * branded site's own domain on its host, issue 15; a private site only its listings' pages).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { site, origin } = await pageSite(getServices(context), request);
  return new Response(robotsBody(origin, !!site?.is_private), { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=86400' } });
}
