import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database, DB } from '@nj/db';
import type { AgencyPlan, AgentStatus } from '@nj/contracts';

/** Kysely types of migration 042's, 043's and 044's tables (issue 15 'Agencies and agents'; decision 028). */
export interface AgencyTables {
  agencies: {
    auid: string; name: string; kind: 'agency' | 'association'; admin_cuid: string;
    base_domain: string | null; color_primary: string | null; color_secondary: string | null;
    custom_page_name: string | null; website_content: string | null; mexican_state: string | null;
    has_map: Generated<boolean>; is_private: Generated<boolean>; logo_name: string | null; agents_edit_all: Generated<boolean>;
    plan: AgencyPlan | null; seats: Generated<number>; is_anual: Generated<boolean>; plan_expires_at: Date | null;
    created_at: Generated<Date>; updated_at: Generated<Date>;
    /** Migration 043: the super association (its members are associations). */
    is_super: Generated<boolean>;
    /** Migration 054: when the base domain's TXT record was found (null: not verified; cleared when it changes). */
    base_domain_verified_at: Generated<Date | null>;
    /** Migration 054: the value the `_nj-verificacion.<domain>` TXT record must hold (after 'nj-verificacion='). */
    domain_verification_token: Generated<string>;
    /** Migration 047 (decision 032): agents see all of the agency's CRM clients. */
    crm_agents_see_all: Generated<boolean>;
  };
  /** Migration 043: an agency's (or association's) membership of an association. */
  association_members: {
    asso_uid: string; auid: string; status: 'pending' | 'approved' | 'removed';
    requested_at: Generated<Date>; decided_at: Date | null; decided_by: string | null;
  };
  agency_agents: {
    agent_uid: string; auid: string; cuid: string; status: AgentStatus;
    requested_at: Generated<Date>; decided_at: Date | null; decided_by: string | null;
    /** Migration 044: the AG ticket the request opened and support's verification (null: not decided yet). */
    ag_tuid: string | null; verified: boolean | null; verified_at: Date | null;
  };
  /** Migration 044: changes of the super association by the associations command. */
  association_super_changes: {
    id: Generated<string>; asso_uid: string; action: 'set' | 'unset'; changed_by: string; created_at: Generated<Date>;
  };
  agency_plan_orders: {
    tuid: string; auid: string; cuid: string; plan: AgencyPlan; seats: number; is_anual: boolean; is_renewal: Generated<boolean>;
    amount_cents: ColumnType<string, number, number>; granted_at: Date | null; created_at: Generated<Date>;
  };
}

/** A database handle or an open transaction of it. */
export type AgencyDb = Database | Kysely<DB> | Kysely<any>;

/** The Kysely of `db` (a Database or an open transaction) typed with the app's tables and migration 042's. */
export function agencyTables(db: AgencyDb): Kysely<DB & AgencyTables> {
  const k = 'db' in db && 'kind' in db ? (db as Database).db : db;
  return k as unknown as Kysely<DB & AgencyTables>;
}
