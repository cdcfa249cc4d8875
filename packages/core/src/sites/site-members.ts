import { sql } from 'kysely';
import type { Database } from '@nj/db';
import type { AgencyDb } from '../agencies/agencies-tables.ts';

/**
 * Who belongs to a branded site (spec 01 §2 'Association sites'; spec 03 §2, §6 'Association/agency client'; migration
 * 043). The members of an agency are its administrator and its approved agents. The members of an association are
 * the members of its approved member agencies; for the super association also those of its approved member
 * associations' member agencies (one level down). A listing belongs to the site when its owner or its assigned agent
 * (`properties.agent_cuid`) is a member.
 */
const memberAgenciesSql = (siteUid: string) => sql`
  WITH RECURSIVE site_agencies(auid, depth) AS (
    SELECT ${siteUid}::text, 0
    UNION
    SELECT m.auid, s.depth + 1 FROM association_members m JOIN site_agencies s ON m.asso_uid = s.auid
    WHERE m.status = 'approved' AND s.depth < 2
  )
  SELECT a.auid, a.admin_cuid, a.kind FROM agencies a JOIN site_agencies s ON s.auid = a.auid`;

/**
 * The client uids (cuid) of every member of the site `siteUid` (an agency's or association's auid), sorted, without
 * repeats. An association's own administrator is not a member by being its administrator (their listings are not the
 * association's); only agencies' administrators and approved agents are. Empty when the site has no members.
 */
export async function listSiteMemberCuids(db: AgencyDb, siteUid: string): Promise<string[]> {
  const k = 'db' in db && 'kind' in db ? (db as Database).db : db;
  const rows = await sql<{ cuid: string }>`
    WITH agencies_of_site AS (${memberAgenciesSql(siteUid)})
    SELECT admin_cuid AS cuid FROM agencies_of_site WHERE kind = 'agency'
    UNION
    SELECT g.cuid FROM agency_agents g JOIN agencies_of_site s ON s.auid = g.auid AND s.kind = 'agency' WHERE g.status = 'approved'
    ORDER BY 1`.execute(k as never);
  return rows.rows.map((r) => r.cuid);
}

/**
 * True when `cuid` is a member of the site `siteUid` (see listSiteMemberCuids), or is the site's own administrator
 * (an association's administrator may sign in to its private site).
 */
export async function isSiteMember(db: AgencyDb, siteUid: string, cuid: string): Promise<boolean> {
  const k = 'db' in db && 'kind' in db ? (db as Database).db : db;
  const rows = await sql<{ ok: number }>`
    WITH agencies_of_site AS (${memberAgenciesSql(siteUid)})
    SELECT 1 AS ok FROM agencies WHERE auid = ${siteUid} AND admin_cuid = ${cuid}
    UNION ALL
    SELECT 1 FROM agencies_of_site WHERE kind = 'agency' AND admin_cuid = ${cuid}
    UNION ALL
    SELECT 1 FROM agency_agents g JOIN agencies_of_site s ON s.auid = g.auid AND s.kind = 'agency'
    WHERE g.status = 'approved' AND g.cuid = ${cuid}
    LIMIT 1`.execute(k as never);
  return rows.rows.length > 0;
}
