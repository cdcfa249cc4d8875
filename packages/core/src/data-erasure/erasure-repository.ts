import { sql, type Kysely } from 'kysely';
import type { Database, DB } from '@nj/db';

/** Steps in which a rent's personal data serve a lease being made or in force, so they are retained (decision 019). */
export const RETAINED_STEPS = ['on_accepted_offer', 'on_contract_sign', 'on_rent'] as const;

/** One client's erasure request (table personal_data_erasures, migration 033). */
export type ErasureRow = { cuid: string; requested_at: Date; last_run_at: Date | null; erased_at: Date | null; retained_rents: number };

/** The rents client `cuid` is a party of (renter, second renter or aval), as a SQL fragment of ruids. */
const partyRents = (cuid: string) => sql`
  SELECT r.ruid FROM rents r WHERE r.renter_cuid = ${cuid}
  UNION SELECT p.ruid FROM rent_persons p WHERE p.cuid = ${cuid}
  UNION SELECT i.ruid FROM rent_invitations i WHERE i.cuid = ${cuid} AND i.status = 'accepted'`;
/** Of those, the ones whose data are retained (RETAINED_STEPS). */
const retainedRents = (cuid: string) => sql`
  SELECT r.ruid FROM rents r WHERE r.ruid IN (${partyRents(cuid)}) AND r.step IN (${sql.join(RETAINED_STEPS)})`;

/**
 * SQL of the erasure of a client's personal data of the rental process (issue 12 'Rules'; LFPDPPP; decision 019):
 * the request, and the statements that delete or blank what no retained rent needs. `trx` is a transaction.
 */
export const erasureRepository = {
  /** The request of client `cuid`, or undefined. */
  async find(database: Database, cuid: string): Promise<ErasureRow | undefined> {
    const result = await sql<ErasureRow>`
      SELECT cuid, requested_at, last_run_at, erased_at, retained_rents FROM personal_data_erasures WHERE cuid = ${cuid}`.execute(database.db);
    return result.rows[0];
  },

  /** Records (or renews) client `cuid`'s request at now; a renewed request runs again from the start. */
  async request(db: Kysely<DB>, cuid: string): Promise<void> {
    await sql`
      INSERT INTO personal_data_erasures (cuid, requested_at) VALUES (${cuid}, now())
      ON CONFLICT (cuid) DO UPDATE SET requested_at = now(), erased_at = NULL`.execute(db);
  },

  /** Clients whose request still retains something (or never ran), oldest first, up to `limit`. */
  async open(database: Database, limit: number): Promise<string[]> {
    const result = await sql<{ cuid: string }>`
      SELECT cuid FROM personal_data_erasures WHERE erased_at IS NULL ORDER BY requested_at LIMIT ${limit}`.execute(database.db);
    return result.rows.map((r) => r.cuid);
  },

  /** The rents of client `cuid` whose data are retained, with their listing's title and step. */
  async retained(db: Kysely<DB>, cuid: string): Promise<{ ruid: string; step: string; title: string }[]> {
    const result = await sql<{ ruid: string; step: string; title: string }>`
      SELECT r.ruid, r.step, coalesce(p.title, '') AS title FROM rents r LEFT JOIN properties p ON p.puid = r.puid
      WHERE r.ruid IN (${retainedRents(cuid)}) ORDER BY r.ruid`.execute(db);
    return result.rows;
  },

  /**
   * (In `trx`.) Deletes client `cuid`'s documents that no retained rent needs — the INE too when no rent is retained
   * — and returns their storage keys (the caller journals and deletes the files).
   */
  async deleteDocuments(trx: Kysely<DB>, cuid: string, anyRetained: boolean): Promise<string[]> {
    const result = await sql<{ storage_key: string }>`
      DELETE FROM person_documents
      WHERE cuid = ${cuid}
        AND ((ruid IS NULL AND ${!anyRetained}) OR (ruid IS NOT NULL AND ruid NOT IN (${retainedRents(cuid)})))
      RETURNING storage_key`.execute(trx);
    return result.rows.map((r) => r.storage_key);
  },

  /** (In `trx`.) Deletes client `cuid`'s person data (renter, second renter, aval) in rents not retained; the count. */
  async deletePersons(trx: Kysely<DB>, cuid: string): Promise<number> {
    const result = await sql`
      DELETE FROM rent_persons WHERE cuid = ${cuid} AND ruid NOT IN (${retainedRents(cuid)}) RETURNING 1`.execute(trx);
    return result.rows.length;
  },

  /**
   * (In `trx`.) Deletes client `cuid`'s credit investigations of rents not retained (their sealed forms, bureau
   * answers and list matches go with them) and blanks the results, income and employer kept on those rents. The
   * `ic` transactions stay: they are fiscal records. Returns the number of investigations deleted.
   */
  async deleteInvestigations(trx: Kysely<DB>, cuid: string): Promise<{ deleted: number; pdfKeys: string[] }> {
    const pdfs = await sql<{ key: string }>`
      SELECT cr.m_sic_pdf AS key FROM credit_reports cr JOIN credit_investigations ci ON ci.icuid = cr.icuid
      WHERE ci.cuid = ${cuid} AND ci.ruid NOT IN (${retainedRents(cuid)}) AND cr.m_sic_pdf IS NOT NULL`.execute(trx);
    const result = await sql`
      DELETE FROM credit_investigations WHERE cuid = ${cuid} AND ruid NOT IN (${retainedRents(cuid)}) RETURNING 1`.execute(trx);
    // A reused investigation (tenant file) shares its report's PDF: only files no report names any more go.
    const still = pdfs.rows.length
      ? new Set((await sql<{ key: string }>`SELECT m_sic_pdf AS key FROM credit_reports WHERE m_sic_pdf IN (${sql.join(pdfs.rows.map((r) => r.key))})`.execute(trx)).rows.map((r) => r.key))
      : new Set<string>();
    await sql`
      UPDATE rents SET is_cr_passed = NULL, renter_credit_score = NULL, renter_credit_score_reasons = NULL,
        current_ic_process = NULL, current_ic_process_status = NULL, last_completed_ic = NULL,
        total_income = NULL, work_company_name = NULL, work_company_phone_number = NULL, work_company_webpage = NULL
      WHERE renter_cuid = ${cuid} AND ruid NOT IN (${retainedRents(cuid)})`.execute(trx);
    return { deleted: result.rows.length, pdfKeys: [...new Set(pdfs.rows.map((r) => r.key))].filter((k) => !still.has(k)) };
  },

  /** (In `trx`.) Blanks the guarantee's address and the e-mail of client `cuid`'s invitations in rents not retained. */
  async blankInvitations(trx: Kysely<DB>, cuid: string): Promise<void> {
    await sql`
      UPDATE rent_invitations SET email = NULL, guarantee_address = NULL, guarantee_neighborhood = NULL, guarantee_city = NULL,
        guarantee_municipality = NULL, guarantee_state = NULL, guarantee_cp = NULL, updated_at = now()
      WHERE cuid = ${cuid} AND ruid NOT IN (${retainedRents(cuid)})`.execute(trx);
  },

  /** (In `trx`.) Deletes client `cuid`'s identity checks and unmarks their verified identity; the count. */
  async deleteIdentity(trx: Kysely<DB>, cuid: string): Promise<number> {
    const result = await sql`DELETE FROM identity_processes WHERE cuid = ${cuid} RETURNING 1`.execute(trx);
    await sql`UPDATE clients SET is_identity_verified = false WHERE cuid = ${cuid}`.execute(trx);
    return result.rows.length;
  },

  /** (In `trx`.) Records a run of client `cuid`'s request: done when nothing is retained. */
  async recordRun(trx: Kysely<DB>, cuid: string, retained: number): Promise<void> {
    await sql`
      UPDATE personal_data_erasures SET last_run_at = now(), retained_rents = ${retained},
        erased_at = CASE WHEN ${retained} = 0 THEN now() ELSE NULL END
      WHERE cuid = ${cuid}`.execute(trx);
  },
};
