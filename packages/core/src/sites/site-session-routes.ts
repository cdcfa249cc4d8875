/**
 * What a session made by the central login (POST /v1/auth/loginwithtoken; decision 031 'Site sessions') may call on
 * the API: what a branded site offers — search, listing detail, places, map, ads, the association's directory,
 * domain info, statistics pushes, the contact form of a listing, reading the client session and logging out, my properties, and creating and
 * editing the client's own listings and their photos. Every other API route answers such a session a Spanish 403.
 * Keys are 'METHOD route-pattern' as Fastify registers them (request.routeOptions.url).
 */
export const SITE_SESSION_ROUTES: ReadonlySet<string> = new Set([
  'POST /api/domain/info',
  'GET /api/v1/health',
  // Search, detail, places, ads, directory, statistics pushes.
  'POST /api/v1/properties/search',
  'GET /api/v1/properties/:id',
  'GET /api/v1/properties/:id/location.svg',
  'POST /api/v1/properties/views',
  'POST /api/v2/properties/appear',
  'POST /api/v1/properties/:id/share',
  'GET /api/v1/places/autocomplete',
  'GET /api/v1/places/:slug',
  'GET /api/v1/places/:slug/outline',
  'GET /api/v1/ads',
  'GET /api/v1/ads/map_search',
  'POST /api/v1/ads/:ad_uid/click',
  'GET /api/v1/associations/:asso_uid/directory',
  // Contacting a listing's advertiser from its page (issue 11's lead form).
  'POST /api/v1/leads/contact',
  // The session itself.
  'GET /api/v1/client',
  'POST /api/v1/client/session',
  'POST /api/v1/logout',
  'POST /api/v1/auth/loginwithtoken',
  // My properties; creating and editing my listings and their photos.
  'GET /api/v1/properties/my',
  'GET /api/v2/properties/my',
  'POST /api/v1/property',
  'PUT /api/v1/property/:id',
  'PUT /api/v1/property/:id/is_active',
  'GET /api/v1/property/:id/images',
  'PUT /api/v1/property/:id/images',
  'POST /api/v1/property/:id/photo',
  'DELETE /api/v1/property/:id/photo/:name',
  'GET /api/v1/property/draft',
  'POST /api/v1/property/draft',
  'PUT /api/v1/property/draft/:id',
  'POST /api/v1/property/draft/:id/photo',
  'DELETE /api/v1/property/draft/:id/photo/:name',
]);

/**
 * True when a site session may call `method` `routeUrl` (the registered pattern, e.g. '/api/v1/properties/:id').
 * Non-API paths (pages, /media) are not limited here: the branded host's redirect rules decide those. The map's
 * tiles, style, fonts, sprites and boundaries (GET /api/v1/map/…) are allowed as a whole.
 */
export function isSiteSessionRoute(method: string, routeUrl: string | undefined): boolean {
  if (!routeUrl) return false;
  if (!routeUrl.startsWith('/api/')) return true;
  const m = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  if (m === 'GET' && routeUrl.startsWith('/api/v1/map/')) return true;
  return SITE_SESSION_ROUTES.has(`${m} ${routeUrl}`);
}
