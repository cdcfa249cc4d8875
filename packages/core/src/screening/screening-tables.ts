import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database } from '@nj/db';

/**
 * Kysely types of the tables of migration 031 (screening lists, quick investigations, credit reports, matches,
 * transactions), kept with the feature; `tablesOf(database)` views the connection with them.
 */
export interface InvestigationTables {
  screening_lists: {
    list_id: string; kind: 'blacklist' | 'pld'; name: string; active_import_id: string | null; source_url: string | null;
    source_date: ColumnType<unknown, string | null, string | null>; entries_count: Generated<number>; activated_at: Date | null;
  };
  screening_imports: {
    import_id: string; list_id: string; file_sha256: string; source_url: string | null;
    source_date: ColumnType<unknown, string | null, string | null>; status: 'loading' | 'active' | 'replaced' | 'abandoned';
    entries_done: Generated<number>; entries_total: number; created_at: Generated<Date>; finished_at: Date | null;
  };
  screening_entries: {
    import_id: string; entry_id: string; seq: number; list_ref: string; name: string; name_key: string;
    rfc: string | null; curp: string | null; status: string | null; entity_type: string | null;
  };
  screening_tokens: { import_id: string; token: string; entry_id: string };
  credit_investigations: {
    icuid: string; ruid: string; cuid: string; renter_type: string; status: 'in_process' | 'completed' | 'failed';
    form_sealed: string | null; failure_msg: string | null; outcome: 'passed' | 'review' | 'failed' | null; outcome_reasons: string | null;
    has_partner: Generated<boolean>; has_poa: Generated<boolean>; has_poi: Generated<boolean>;
    total_income: ColumnType<string | null, number | null, number | null>; created_at: Generated<Date>; updated_at: Generated<Date>;
  };
  credit_reports: {
    m_uid: string; icuid: string; cuid: string; m_status: string; m_rtype: string; m_createdat: Date | string; m_updatedat: Date | string;
    m_ttl: Date | string; m_sic_pdf: string | null; m_multiburo_pdf: string | null; m_report_pwd: string | null; m_sicprovider: string;
    m_sicresponse_sealed: string; m_sicsource: string; m_sicusername: string | null; score: number | null; score_reasons: string;
  };
  screening_matches: {
    icuid: string; person: 'renter' | 'partner'; list_id: string; list_kind: 'blacklist' | 'pld'; entry_id: string; list_ref: string;
    entry_name: string; entry_status: string | null; score: ColumnType<string, number, number>; matched_by: 'rfc' | 'curp' | 'name';
    strength: 'strong' | 'weak';
  };
  transactions: {
    tuid: string; cuid: string; amount_cents: ColumnType<string, number, number>; ttype: 'refer_deposit' | 'ic' | 'rent' | 'owner_plan' | 'safe_deposit';
    tstatus: 'completed' | 'pending' | 'failed' | 'expired'; duedate: Date | null; emoney_used_cents: ColumnType<string, number | undefined, number>;
    ruid: ColumnType<string | null, string | null | undefined, string | null>; description: ColumnType<string | null, string | null | undefined, string | null>;
    paid_at: ColumnType<Date | null, Date | null | undefined, Date | null>; provider: ColumnType<string | null, string | null | undefined, string | null>;
    payment_method: ColumnType<string | null, string | null | undefined, string | null>;
    icuid: string | null; referid: string | null; reftype: string | null; cfr: string | null; cto: string | null;
    transaction_created: Generated<Date>; is_confirmed: Generated<boolean>; is_deleted: Generated<boolean>;
    provider_order_id: string | null; provider_checkout_id: string | null;
  };
}

/** The connection of `database` typed with the investigation's tables. */
export function tablesOf(database: Database): Kysely<InvestigationTables> {
  return database.db as unknown as Kysely<InvestigationTables>;
}
