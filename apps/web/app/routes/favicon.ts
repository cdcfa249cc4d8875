import type { Route } from './+types/favicon';
import { getServices } from '../modules/server/services.server.ts';
import { pageSite } from '../modules/sites/site.server.ts';

/**
 * /favicon.ico (resource route): clients that ask for the icon by its old path (feed readers, bookmarks, crawlers)
 * are sent, 301, to the icon the pages declare: a branded site's logo (issue 15) or the product's /favicon.svg.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { site } = await pageSite(getServices(context), request);
  return new Response(null, { status: 301, headers: { Location: site?.logo || '/favicon.svg', 'Cache-Control': 'public, max-age=86400' } });
}
