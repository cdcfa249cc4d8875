import { sql, type Kysely } from 'kysely';
import type { Database, DB } from '@nj/db';

/** The renter's latest application sent in the reuse window (the source of person data, proofs and income). */
export type TenantFileSource = {
  ruid: string; title: string; offer_sent_at: Date; has_person: boolean;
  total_income: number | null; work_company_name: string | null; work_company_phone_number: string | null; work_company_webpage: string | null;
};
/** The renter's latest completed investigation in the reuse window whose credit report has not expired. */
export type TenantFileInvestigation = {
  icuid: string; ruid: string; created_at: Date; m_ttl: Date; score: number | null;
  total_income: number | null; has_poi: boolean;
};

/**
 * SQL of the reusable tenant file (issue 12 'A reusable tenant file'): reads a renter's verified applications and
 * copies one into a new rent (tables rents, rent_persons, person_documents, credit_investigations, credit_reports,
 * screening_matches; migrations 026–031).
 */
export const tenantFileRepository = {
  /** The renter `cuid`'s latest rent other than `exceptRuid` whose proposal was sent at or after `since`, or undefined. */
  async latestSentApplication(database: Database, cuid: string, exceptRuid: string, since: Date): Promise<TenantFileSource | undefined> {
    const result = await sql<TenantFileSource>`
      SELECT r.ruid, coalesce(p.title, '') AS title, r.offer_sent_at,
        EXISTS (SELECT 1 FROM rent_persons rp WHERE rp.ruid = r.ruid AND rp.role = 'renter' AND rp.first_name IS NOT NULL) AS has_person,
        r.total_income, r.work_company_name, r.work_company_phone_number, r.work_company_webpage
      FROM rents r LEFT JOIN properties p ON p.puid = r.puid
      WHERE r.renter_cuid = ${cuid} AND r.ruid <> ${exceptRuid} AND r.offer_sent_at >= ${since}
      ORDER BY r.offer_sent_at DESC, r.ruid LIMIT 1`.execute(database.db);
    return result.rows[0];
  },

  /** True when rent `ruid` already has renter data (a name) or a renter proof. */
  async hasRenterData(database: Database, ruid: string): Promise<boolean> {
    const result = await sql<{ has: boolean }>`
      SELECT EXISTS (SELECT 1 FROM rent_persons WHERE ruid = ${ruid} AND role = 'renter' AND first_name IS NOT NULL)
        OR EXISTS (SELECT 1 FROM person_documents WHERE ruid = ${ruid} AND role = 'renter') AS has`.execute(database.db);
    return Boolean(result.rows[0]?.has);
  },

  /** The kinds of the renter's own proofs stored in rent `ruid` ('poa', 'poi', 'poi_second'). */
  async renterProofKinds(database: Database, ruid: string): Promise<('poa' | 'poi' | 'poi_second')[]> {
    const result = await sql<{ kind: 'poa' | 'poi' | 'poi_second' }>`
      SELECT kind FROM person_documents WHERE ruid = ${ruid} AND role = 'renter' ORDER BY kind`.execute(database.db);
    return result.rows.map((r) => r.kind);
  },

  /**
   * The renter `cuid`'s latest completed investigation of a rent other than `exceptRuid`, run at or after `since`,
   * whose credit report is still valid at `now` (m_ttl), or undefined.
   */
  async latestValidInvestigation(database: Database, cuid: string, exceptRuid: string, since: Date, now: Date): Promise<TenantFileInvestigation | undefined> {
    const result = await sql<TenantFileInvestigation & { total_income: string | number | null }>`
      SELECT ci.icuid, ci.ruid, ci.created_at, cr.m_ttl, cr.score, ci.total_income, ci.has_poi
      FROM credit_investigations ci JOIN credit_reports cr ON cr.icuid = ci.icuid
      WHERE ci.cuid = ${cuid} AND ci.ruid <> ${exceptRuid} AND ci.status = 'completed' AND ci.created_at >= ${since} AND cr.m_ttl > ${now}
      ORDER BY ci.created_at DESC, ci.icuid LIMIT 1`.execute(database.db);
    const row = result.rows[0];
    return row ? { ...row, total_income: row.total_income === null ? null : Number(row.total_income) } : undefined;
  },

  /** The list matches of investigation `icuid` as the credit rule weighs them. */
  async matchesOf(database: Database, icuid: string): Promise<{ list_id: string; list_kind: 'blacklist' | 'pld'; entry_status: string | null; strength: 'strong' | 'weak' }[]> {
    const result = await sql<{ list_id: string; list_kind: 'blacklist' | 'pld'; entry_status: string | null; strength: 'strong' | 'weak' }>`
      SELECT list_id, list_kind, entry_status, strength FROM screening_matches WHERE icuid = ${icuid}`.execute(database.db);
    return result.rows;
  },

  /** Confirmed and total references of client `cuid` (the account's, reused by every application). */
  async references(database: Database, cuid: string): Promise<{ confirmed: number; total: number }> {
    const result = await sql<{ confirmed: string | number; total: string | number }>`
      SELECT count(*) FILTER (WHERE is_confirmed) AS confirmed, count(*) AS total FROM client_references WHERE cuid = ${cuid}`.execute(database.db);
    return { confirmed: Number(result.rows[0]?.confirmed ?? 0), total: Number(result.rows[0]?.total ?? 0) };
  },

  /** (In `trx`.) Writes the renter's data of rent `from` over the renter's of rent `to` (identifiers stay sealed). */
  async copyRenterPerson(trx: Kysely<DB>, from: string, to: string): Promise<void> {
    await sql`
      INSERT INTO rent_persons (ruid, role, cuid, first_name, middle_names, first_last_name, other_last_names, birthdate, ocupation,
        civil_status, birthplace, birthplace_state, lsex, curp_sealed, rfc_sealed, idmex_sealed, updated_at)
      SELECT ${to}, 'renter', cuid, first_name, middle_names, first_last_name, other_last_names, birthdate, ocupation,
        civil_status, birthplace, birthplace_state, lsex, curp_sealed, rfc_sealed, idmex_sealed, now()
      FROM rent_persons WHERE ruid = ${from} AND role = 'renter'
      ON CONFLICT (ruid, role) DO UPDATE SET cuid = excluded.cuid, first_name = excluded.first_name, middle_names = excluded.middle_names,
        first_last_name = excluded.first_last_name, other_last_names = excluded.other_last_names, birthdate = excluded.birthdate,
        ocupation = excluded.ocupation, civil_status = excluded.civil_status, birthplace = excluded.birthplace,
        birthplace_state = excluded.birthplace_state, lsex = excluded.lsex, curp_sealed = excluded.curp_sealed,
        rfc_sealed = excluded.rfc_sealed, idmex_sealed = excluded.idmex_sealed, updated_at = now()`.execute(trx);
  },

  /** (In `trx`.) Copies income and employer of rent `from` to rent `to`. */
  async copyIncome(trx: Kysely<DB>, from: TenantFileSource, to: string): Promise<void> {
    await sql`
      UPDATE rents SET total_income = ${from.total_income}, work_company_name = ${from.work_company_name},
        work_company_phone_number = ${from.work_company_phone_number}, work_company_webpage = ${from.work_company_webpage}
      WHERE ruid = ${to}`.execute(trx);
  },

  /**
   * (In `trx`.) Copies investigation `from` into rent `to` as investigation `icuid` with the credit report `mUid`: the
   * run (its original date, so the reuse window does not grow), the report (the bureau's answer stays sealed), the
   * matches, and the rent's result columns with the outcome decided again for this rent. No ic transaction: nothing
   * is charged for a reuse.
   */
  async copyInvestigation(
    trx: Kysely<DB>,
    input: { from: string; to: string; icuid: string; mUid: string; outcome: 'passed' | 'review' | 'failed'; reasons: string[]; isCrPassed: boolean | null },
  ): Promise<void> {
    const { from, to, icuid, mUid } = input;
    await sql`
      INSERT INTO credit_investigations (icuid, ruid, cuid, renter_type, status, outcome, outcome_reasons, has_partner, has_poa, has_poi,
        total_income, created_at, updated_at)
      SELECT ${icuid}, ${to}, cuid, renter_type, 'completed', ${input.outcome}, ${JSON.stringify(input.reasons)}, has_partner, has_poa, has_poi,
        total_income, created_at, now()
      FROM credit_investigations WHERE icuid = ${from}`.execute(trx);
    await sql`
      INSERT INTO credit_reports (m_uid, icuid, cuid, m_status, m_rtype, m_createdat, m_updatedat, m_ttl, m_sic_pdf, m_multiburo_pdf,
        m_report_pwd, m_sicprovider, m_sicresponse_sealed, m_sicsource, m_sicusername, score, score_reasons)
      SELECT ${mUid}, ${icuid}, cuid, m_status, m_rtype, m_createdat, m_updatedat, m_ttl, m_sic_pdf, m_multiburo_pdf,
        m_report_pwd, m_sicprovider, m_sicresponse_sealed, m_sicsource, m_sicusername, score, score_reasons
      FROM credit_reports WHERE icuid = ${from}`.execute(trx);
    await sql`
      INSERT INTO screening_matches (icuid, person, list_id, list_kind, entry_id, list_ref, entry_name, entry_status, score, matched_by, strength)
      SELECT ${icuid}, person, list_id, list_kind, entry_id, list_ref, entry_name, entry_status, score, matched_by, strength
      FROM screening_matches WHERE icuid = ${from}`.execute(trx);
    await sql`
      UPDATE rents SET is_cr_passed = ${input.isCrPassed},
        renter_credit_score = (SELECT score FROM credit_reports WHERE m_uid = ${mUid}),
        renter_credit_score_reasons = (SELECT score_reasons FROM credit_reports WHERE m_uid = ${mUid}),
        last_completed_ic = ${icuid}, current_ic_process = ${icuid}, current_ic_process_status = 'completed'
      WHERE ruid = ${to}`.execute(trx);
  },
};
