import { CATEGORY_PATHS } from '@nj/contracts';

/** Who asks for a page of a branded site: a signed-in member of the site, another signed-in client, or nobody signed in. */
export type SiteVisitor = 'member' | 'client' | 'none';

/** Where a branded site sends what it does not show (spec 03 §2 'Branded sites'). */
export const SITE_LANDING_PATH = '/propiedades';
/** The branded login (issue 15 'Branded login'; decision 031). */
export const SITE_LOGIN_PATH = '/iniciar-sesion';

const CATEGORY_WORDS = Object.keys(CATEGORY_PATHS).sort((a, b) => b.length - a.length).join('|');
/** /propiedades, place pages (/propiedades-en-{place}) and category pages (/casas[-en-…]). */
const LISTING_PAGE = new RegExp(`^/(?:propiedades|propiedades-en-[a-z0-9-]+|(?:${CATEGORY_WORDS})(?:-en-[a-z0-9-]+)?)/?$`);
/** A listing's page: /propiedades/{slug or code}. */
const DETAIL_PAGE = /^\/propiedades\/[^/]+\/?$/;
/** Never redirected: the API, files, build assets, the login and its return path, sitemaps, robots, route data. */
const ALWAYS = /^\/(?:api(?:\/|$)|media\/|assets\/|__manifest(?:$|\?)|iniciar-sesion\/?$|integrations-auth\/?$)/;
/** What a signed-in member of a private site may open besides the listings (spec 01 §2 'Association sites'). */
const MEMBER_PAGE = /^\/(?:mis-propiedades\/?|crear-propiedad\/?|editar-propiedad\/[^/]+\/?)$/;

/**
 * The redirect rule of a branded site (spec 03 §2 'Branded sites'; spec 01 §2 'Association sites'; issue 15;
 * decision 030). Takes the site's `is_private`, the request path (with or without a query string, any case) and who
 * asks. Returns the path to redirect to, or null to serve the page:
 * - always served: /api/*, /media/*, /assets/*, any file (a last segment with an extension: /robots.txt,
 *   /sitemap.xml, /sitemaps/*.xml, /favicon.svg), /iniciar-sesion, /integrations-auth, /propiedades/{slug};
 * - a public site, or a private site to a signed-in member: also /propiedades, place and category pages (and, to a
 *   member of a private site, /mis-propiedades, /crear-propiedad, /editar-propiedad/*); every other path → /propiedades;
 * - a private site to anyone else: every other path → /iniciar-sesion.
 * Route data (`{page}.data`, `/_root.data` for '/') answers as its page does; the redirect names the page.
 * (A signed-in client who is not a member of a private site is treated as nobody: only members may sign in to it.)
 */
export function siteRedirect(site: { is_private: boolean }, url: string, visitor: SiteVisitor): string | null {
  let path = (url.split('?')[0] ?? '/').toLowerCase();
  // React Router's single-fetch data of a page (/propiedades.data, /_root.data = '/') follows its page's rule.
  if (path.endsWith('.data')) path = path === '/_root.data' ? '/' : path.slice(0, -'.data'.length) || '/';
  if (ALWAYS.test(path) || DETAIL_PAGE.test(path)) return null;
  const last = path.slice(path.lastIndexOf('/') + 1);
  if (last.includes('.')) return null;
  if (site.is_private && visitor !== 'member') return SITE_LOGIN_PATH;
  if (LISTING_PAGE.test(path)) return null;
  if (site.is_private && MEMBER_PAGE.test(path)) return null;
  return SITE_LANDING_PATH;
}
