import type { Generated, Kysely } from 'kysely';
import type { DB } from '@nj/db';
import { agencyTables, type AgencyDb, type AgencyTables } from '../agencies/agencies-tables.ts';

/** Kysely types of migration 046's table (issue 15 'Branded login'; decision 031). */
export interface SiteLoginTables {
  site_login_tokens: {
    token_hash: string; site_uid: string; cuid: string; state: string;
    created_at: Generated<Date>; expires_at: Date; used_at: Date | null;
  };
}

/** The Kysely of `db` (a Database or an open transaction) typed with the app's, the agencies' and migration 046's tables. */
export function siteLoginTables(db: AgencyDb): Kysely<DB & AgencyTables & SiteLoginTables> {
  return agencyTables(db) as unknown as Kysely<DB & AgencyTables & SiteLoginTables>;
}
