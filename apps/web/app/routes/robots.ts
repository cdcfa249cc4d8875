import type { Route } from './+types/robots';
import { getServices, pageSettings } from '../modules/server/services.server.ts';

/** /robots.txt (resource route): everything but the API may be crawled; points at the sitemap. */
export function loader({ context }: Route.LoaderArgs) {
  const { origin } = pageSettings(getServices(context));
  const body = ['User-agent: *', 'Allow: /', 'Disallow: /api/', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=86400' } });
}
