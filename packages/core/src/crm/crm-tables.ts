import type { Generated, Kysely } from 'kysely';
import type { DB } from '@nj/db';
import type { CrmStatus, CrmType } from '@nj/contracts';
import type { AgencyTables } from '../agencies/agencies-tables.ts';
import { agencyTables, type AgencyDb } from '../agencies/agencies-tables.ts';

/** Kysely types of migration 047's tables and 056's columns (issue 16 'CRM'; decision 032). */
export interface CrmTables {
  crm_clients: {
    uid: string; auid: string | null; owner_cuid: string; name: string; email: string | null; phone: string | null;
    status: CrmStatus; type: CrmType; assigned_to: string | null; compliant: Generated<boolean>; partner_uid: string | null;
    linked_cuid: string | null; source_ref: string | null; created_at: Generated<Date>; updated_at: Generated<Date>;
  };
  crm_client_props: { uid: string; puid: string; added_by: string | null; created_at: Generated<Date> };
  crm_notes: { nuid: string; uid: string; author_cuid: string | null; body: string; created_at: Generated<Date> };
  crm_documents: {
    duid: string; uid: string; name: string; size_bytes: number | string; storage_key: string; created_at: Generated<Date>;
    /** Migration 056: the type judged by content, and who uploaded the file (null once their account is gone). */
    content_type: Generated<string>; uploaded_by: string | null;
  };
  agent_response_times: { cuid: string; median_seconds: number; samples: number; computed_at: Generated<Date> };
}

/** The Kysely of `db` (a Database or an open transaction) typed with the app's tables, 042/043's and 047's. */
export function crmTables(db: AgencyDb): Kysely<DB & AgencyTables & CrmTables> {
  return agencyTables(db) as unknown as Kysely<DB & AgencyTables & CrmTables>;
}
