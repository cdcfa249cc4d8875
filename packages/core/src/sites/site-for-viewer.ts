import type { Database } from '@nj/db';
import { isSiteMember } from './site-members.ts';
import type { Site } from './site.ts';

/**
 * The site as `cuid` may see it (issue 15 hardening; decision 030): a private site's `website_content` only for its
 * members (isSiteMember); everyone else gets it as null. Public sites unchanged.
 * @param cuid the viewer's registered client id, or null for a visitor
 */
export async function siteForViewer(database: Database, site: Site, cuid: string | null): Promise<Site> {
  if (!site.is_private || site.website_content === null) return site;
  if (cuid && (await isSiteMember(database, site.uid, cuid))) return site;
  return { ...site, website_content: null };
}
