import { sql } from 'kysely';
import type { Database } from '@nj/db';
import { listSiteMemberCuids } from './site-members.ts';

/** Most listings one branded site's sitemap lists (one urlset; a site's members publish far fewer). */
export const SITE_SITEMAP_MAX = 45_000;

/**
 * The active listings of a branded site (issue 15 'White-label sites': a site's sitemap; decision 030): those whose
 * owner or assigned agent is a member of the site `siteUid` (listSiteMemberCuids), as slug and last update, in puid
 * order, at most `limit` (default SITE_SITEMAP_MAX). Empty for a site without members.
 */
export async function siteActiveListings(database: Database, siteUid: string, limit = SITE_SITEMAP_MAX): Promise<{ slug: string; updated_at: Date | string | null }[]> {
  const members = await listSiteMemberCuids(database, siteUid);
  if (members.length === 0) return [];
  const rows = await sql<{ slug: string; updated_at: Date | string | null }>`SELECT slug, updated_at FROM properties
    WHERE is_active AND (owner_cuid = ANY(${members}::text[]) OR agent_cuid = ANY(${members}::text[]))
    ORDER BY puid LIMIT ${limit}`.execute(database.db);
  return rows.rows;
}
