import type { AppServices } from '@nj/core/app-services';
import { siteActiveListings } from '@nj/core/sites/site-listings-repository';
import { urlEntry, XML_HEADERS } from '../seo/sitemap.server.ts';

/**
 * /sitemap.xml on a branded site's host (issue 15 'White-label sites': a site's sitemap shows only its members'
 * listings, on its own domain; decision 030): one urlset with `${origin}/propiedades` and every active listing whose
 * owner or assigned agent is a member of the site `siteUid` (at most SITE_SITEMAP_MAX). Place and category pages are
 * not listed: which of them show a member's listing is not known without searching each, and /propiedades reaches
 * every listing. A private site's sitemap is an empty urlset (its pages are for its members only; decision 030).
 */
export async function siteSitemapResponse(services: AppServices, origin: string, siteUid: string, isPrivate = false): Promise<Response> {
  if (isPrivate) return new Response('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n</urlset>\n', { headers: XML_HEADERS });
  const rows = await siteActiveListings(services.database, siteUid);
  const xml = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
    + urlEntry(`${origin}/propiedades`)
    + rows.map((row) => urlEntry(`${origin}/propiedades/${row.slug}`, row.updated_at)).join('')
    + '</urlset>\n';
  return new Response(xml, { headers: XML_HEADERS });
}

/**
 * /robots.txt of a host (spec 01 §2; issue 15): everything but the API may be crawled and the sitemap is on the same
 * origin; a private branded site lets only its listings' pages be crawled (the rest asks to sign in).
 */
export function robotsBody(origin: string, privateSite: boolean): string {
  const rules = privateSite ? ['Allow: /propiedades/', 'Disallow: /'] : ['Allow: /', 'Disallow: /api/'];
  return ['User-agent: *', ...rules, `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
