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

/**
 * The box around a branded site's active listings (issue 15 hardening; decision 030: the first view of the site's
 * /propiedades fits its members' listings instead of the product's default bounds). Degrees; a single listing (or
 * several at one point) gets a box of ±0.02° around it. Null for a site without active listings.
 */
export async function siteListingsBounds(database: Database, siteUid: string): Promise<{ north: number; south: number; east: number; west: number } | null> {
  const members = await listSiteMemberCuids(database, siteUid);
  if (members.length === 0) return null;
  const rows = await sql<{ north: number | null; south: number | null; east: number | null; west: number | null }>`SELECT
    max(lat)::float8 AS north, min(lat)::float8 AS south, max(lng)::float8 AS east, min(lng)::float8 AS west FROM properties
    WHERE is_active AND lat IS NOT NULL AND lng IS NOT NULL AND (owner_cuid = ANY(${members}::text[]) OR agent_cuid = ANY(${members}::text[]))`.execute(database.db);
  const r = rows.rows[0];
  if (!r || r.north === null || r.south === null || r.east === null || r.west === null) return null;
  const pad = (a: number, b: number) => (a - b < 0.04 ? (0.04 - (a - b)) / 2 : (a - b) * 0.05);
  const dy = pad(r.north, r.south);
  const dx = pad(r.east, r.west);
  return { north: Math.min(85, r.north + dy), south: Math.max(-85, r.south - dy), east: Math.min(180, r.east + dx), west: Math.max(-180, r.west - dx) };
}
