import { SITE_MESSAGES } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { requireNotLimited, type RateLimiter } from '../accounts/rate-limiter.ts';
import { findSiteByHost } from './find-site-by-host.ts';
import type { Site } from './site.ts';
import { siteForViewer } from './site-for-viewer.ts';

/** Look-ups per caller and minute (a page asks once; the answer is also in every page's root data). */
export const DOMAIN_INFO_LIMIT = { limit: 60, windowMs: 60_000 };

/**
 * The branded site of a host name (spec 01 §7 POST /domain/info; spec 03 §2 'Branded sites'; issue 15). Takes
 * `domain` (a host name, any case, a port ignored) and `callerKey` (the caller's cuid when signed in, else the
 * socket address key: the limit's key). Returns the Site (name, logo, custom page name, colours with their text
 * colours by the brightness rule, has_map, is_private, kind, website_content — a private site's only to its members,
 * `cuid` being the signed-in caller). Throws AppError RATE_LIMITED past
 * DOMAIN_INFO_LIMIT, NOT_FOUND SITE_MESSAGES.notFound when no agency or association has that base domain.
 */
export async function getDomainInfo(deps: { database: Database; limiter: RateLimiter }, input: { domain: string; callerKey: string; cuid?: string | null }): Promise<Site> {
  await requireNotLimited(deps.limiter, [{ key: `domain-info:${input.callerKey}`, ...DOMAIN_INFO_LIMIT }]);
  const site = await findSiteByHost(deps.database, input.domain);
  if (!site) throw new AppError('NOT_FOUND', SITE_MESSAGES.notFound);
  return siteForViewer(deps.database, site, input.cuid ?? null);
}
