import { sql } from 'kysely';
import type { Database } from '@nj/db';
import { tablesOf } from '../screening/screening-tables.ts';

/** One quick investigation as stored (credit_investigations, migration 031). */
export type InvestigationRow = {
  icuid: string; ruid: string; cuid: string; renter_type: string; status: 'in_process' | 'completed' | 'failed';
  failure_msg: string | null; outcome: 'passed' | 'review' | 'failed' | null; outcome_reasons: string | null;
  has_partner: boolean; has_poa: boolean; has_poi: boolean; created_at: Date; updated_at: Date;
};

/** SQL of the quick investigations, their credit reports, matches and ic transactions (migration 031). */
export const investigationsRepository = {
  /** The newest investigation of rent `ruid` (any status), or undefined. */
  async latest(database: Database, ruid: string): Promise<InvestigationRow | undefined> {
    return tablesOf(database).selectFrom('credit_investigations')
      .select(['icuid', 'ruid', 'cuid', 'renter_type', 'status', 'failure_msg', 'outcome', 'outcome_reasons', 'has_partner', 'has_poa', 'has_poi', 'created_at', 'updated_at'])
      .where('ruid', '=', ruid).orderBy('created_at', 'desc').orderBy('icuid', 'desc').limit(1).executeTakeFirst();
  },

  /** Investigation `icuid`, or undefined. */
  async find(database: Database, icuid: string): Promise<InvestigationRow | undefined> {
    return tablesOf(database).selectFrom('credit_investigations')
      .select(['icuid', 'ruid', 'cuid', 'renter_type', 'status', 'failure_msg', 'outcome', 'outcome_reasons', 'has_partner', 'has_poa', 'has_poi', 'created_at', 'updated_at'])
      .where('icuid', '=', icuid).executeTakeFirst();
  },

  /** The rent's investigation columns (migration 031). */
  async rentState(database: Database, ruid: string): Promise<{ current_ic_process: string | null; current_ic_process_status: string | null; last_completed_ic: string | null; updated_at: Date | null } | undefined> {
    const result = await sql<{ current_ic_process: string | null; current_ic_process_status: string | null; last_completed_ic: string | null; updated_at: Date | null }>`
      SELECT r.current_ic_process, r.current_ic_process_status, r.last_completed_ic, i.updated_at
      FROM rents r LEFT JOIN credit_investigations i ON i.icuid = r.current_ic_process WHERE r.ruid = ${ruid}`.execute(database.db);
    return result.rows[0];
  },

  /**
   * Records a started investigation and points the rent at it (current_ic_process, status in_process), unless the rent
   * already has one in process newer than `staleBefore`.
   * @returns false when another run is in process
   */
  async start(database: Database, row: { icuid: string; ruid: string; cuid: string; renter_type: string; form_sealed: string; has_partner: boolean; has_poa: boolean; has_poi: boolean; total_income: number }, staleBefore: Date): Promise<boolean> {
    return tablesOf(database).transaction().execute(async (trx) => {
      const claimed = await sql`
        UPDATE rents SET current_ic_process = ${row.icuid}, current_ic_process_status = 'in_process'
        WHERE ruid = ${row.ruid} AND NOT (current_ic_process_status IS NOT DISTINCT FROM 'in_process' AND EXISTS (
          SELECT 1 FROM credit_investigations i WHERE i.icuid = rents.current_ic_process AND i.updated_at > ${staleBefore}))
        RETURNING ruid`.execute(trx);
      if (claimed.rows.length === 0) return false;
      await trx.insertInto('credit_investigations').values({ ...row, status: 'in_process' }).execute();
      return true;
    });
  },

  /** Marks investigation `icuid` failed with `msg` (the rent's current status too, if it still points at it). */
  async fail(database: Database, icuid: string, ruid: string, msg: string): Promise<void> {
    await tablesOf(database).transaction().execute(async (trx) => {
      await trx.updateTable('credit_investigations').set({ status: 'failed', failure_msg: msg, updated_at: sql<Date>`now()` }).where('icuid', '=', icuid).execute();
      await sql`UPDATE rents SET current_ic_process_status = 'failed' WHERE ruid = ${ruid} AND current_ic_process = ${icuid}`.execute(trx);
    });
  },

  /** The credit report of investigation `icuid`: score and reasons (the answer stays sealed), or undefined. */
  async report(database: Database, icuid: string): Promise<{ score: number | null; score_reasons: string } | undefined> {
    return tablesOf(database).selectFrom('credit_reports').select(['score', 'score_reasons']).where('icuid', '=', icuid).executeTakeFirst();
  },

  /** The matches of investigation `icuid`, strongest first. */
  async matches(database: Database, icuid: string) {
    const rows = await sql<{ person: 'renter' | 'partner'; list_id: string; list_kind: 'blacklist' | 'pld'; list_name: string | null; entry_name: string; entry_status: string | null; score: string; matched_by: 'rfc' | 'curp' | 'name'; strength: 'strong' | 'weak' }>`
      SELECT m.person, m.list_id, m.list_kind, l.name AS list_name, m.entry_name, m.entry_status, m.score, m.matched_by, m.strength
      FROM screening_matches m LEFT JOIN screening_lists l ON l.list_id = m.list_id
      WHERE m.icuid = ${icuid} ORDER BY m.score DESC, m.list_id, m.entry_id`.execute(database.db);
    return rows.rows.map((r) => ({ ...r, score: Number(r.score) }));
  },

  /** The ic transaction of investigation `icuid`, or undefined. */
  async transaction(database: Database, icuid: string): Promise<{ tuid: string; amount: number; amount_cents: number; tstatus: 'completed' | 'pending' | 'failed' | 'expired' } | undefined> {
    const row = await tablesOf(database).selectFrom('transactions').select(['tuid', 'amount_cents', 'tstatus'])
      .where('icuid', '=', icuid).where('ttype', '=', 'ic').where('is_deleted', '=', false).executeTakeFirst();
    return row ? { tuid: row.tuid, tstatus: row.tstatus, amount_cents: Number(row.amount_cents), amount: Number(row.amount_cents) / 100 } : undefined;
  },

  /** Confirmed references of client `cuid`. */
  async confirmedReferences(database: Database, cuid: string): Promise<number> {
    const result = await sql<{ n: string }>`SELECT count(*) AS n FROM client_references WHERE cuid = ${cuid} AND is_confirmed`.execute(database.db);
    return Number(result.rows[0]?.n ?? 0);
  },

  /** The statuses of client `cuid`'s identity checks (identity_processes, migration 028). */
  async identityAttempts(database: Database, cuid: string): Promise<{ status: string }[]> {
    const result = await sql<{ status: string }>`SELECT status FROM identity_processes WHERE cuid = ${cuid}`.execute(database.db);
    return result.rows;
  },
};
