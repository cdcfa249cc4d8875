import { SITE_MESSAGES } from '@nj/contracts/sites/messages';
import type { AppServices } from '@nj/core/app-services';
import { findSiteByHost } from '@nj/core/sites/find-site-by-host';
import type { Site } from '@nj/core/sites/site';

/**
 * The branded site of a page request (issue 15 'White-label sites'; decision 030): the agency or association whose
 * base_domain is the request's host (findSiteByHost, cached 3 s per process), or null on the product's own host.
 * @throws Response 503 'No pudimos cargar el sitio…' when the database cannot be read: a branded host must never
 *   fall back to the product's site (decision 030)
 */
export async function requestSite(services: AppServices, request: Request): Promise<Site | null> {
  try {
    return await findSiteByHost(services.database, request.headers.get('host') ?? new URL(request.url).host);
  } catch (error) {
    console.error('site look-up failed', error);
    throw new Response(SITE_MESSAGES.siteUnavailable, { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '5' } });
  }
}

/**
 * The origin of canonical and sitemap URLs for a page request: the product's public URL (PUBLIC_URL) on its own
 * host; on a branded host the site's domain, with PUBLIC_URL's scheme and port when PUBLIC_URL is set, else with
 * the request's scheme and port (`npm start`: http://asociacion.localhost:3000). Returns e.g. 'https://ampi-gdl.mx'.
 */
export function siteOrigin(services: AppServices, request: Request, site: Pick<Site, 'base_domain'> | null): string {
  if (!site) return services.config.publicUrl;
  const url = new URL(services.config.publicUrlFromEnv ? services.config.publicUrl : request.url);
  return `${url.protocol}//${site.base_domain}${url.port ? `:${url.port}` : ''}`;
}

/** The site of the request and the origin its pages name (requestSite, siteOrigin), for loaders. */
export async function pageSite(services: AppServices, request: Request): Promise<{ site: Site | null; origin: string; siteName: string | null }> {
  const site = await requestSite(services, request);
  return { site, origin: siteOrigin(services, request, site), siteName: site ? (site.custom_page_name || site.name) : null };
}
