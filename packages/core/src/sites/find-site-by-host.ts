import type { Database } from '@nj/db';
import { agencyTables } from '../agencies/agencies-tables.ts';
import { isDomainVerified } from './domain-verification.ts';
import { normalizeHost, presentSite, type Site } from './site.ts';

/** How long a process keeps a host's answer (ms). A changed domain or colour shows within this time everywhere. */
export const SITE_CACHE_MS = 3_000;
/** Host → answer, oldest first (a full cache drops its oldest entry). Invalid host names are never looked up nor kept. */
const cache = new Map<string, { at: number; site: Site | null }>();
const MAX_CACHED_HOSTS = 1_000;

/**
 * The branded site served on `host` (a request's Host header, any case, with or without port), or null for the
 * product's own site (spec 03 §2 'Branded sites'; `POST /domain/info`). A host matches an agency's or association's
 * `base_domain` exactly, or with a leading 'www.', and only when that domain is verified (decision 030: a DNS TXT
 * record, or a `.localhost`/`.test` domain outside production); an unverified domain is the product's. Answers are kept SITE_CACHE_MS per process; `forgetSites()`
 * drops them at once (after a change of a site in this process, and in tests).
 */
export async function findSiteByHost(db: Database, host: string | null | undefined, now = Date.now()): Promise<Site | null> {
  const h = normalizeHost(host);
  if (!h) return null;
  const hit = cache.get(h);
  if (hit && now - hit.at < SITE_CACHE_MS) return hit.site;
  const bare = h.startsWith('www.') ? h.slice(4) : h;
  const row = await agencyTables(db).selectFrom('agencies').selectAll().where('base_domain', '=', bare).executeTakeFirst();
  const site = row && isDomainVerified(row.base_domain, row.base_domain_verified_at) ? presentSite(row) : null;
  cache.delete(h);
  if (cache.size >= MAX_CACHED_HOSTS) cache.delete(cache.keys().next().value!);
  cache.set(h, { at: now, site });
  return site;
}

/** How many host answers this process keeps now (tests). */
export const siteCacheSize = (): number => cache.size;

/** Drops every cached host answer of this process (after a site's settings change; tests). */
export function forgetSites(): void {
  cache.clear();
}
