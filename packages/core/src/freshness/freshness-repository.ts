import { sql, type Kysely } from 'kysely';

type Q = Kysely<any>;

/** An owned listing whose owner must say it is still available, with what the freshness job needs to act. */
export type StaleListing = {
  puid: string; title: string; email: string | null; is_venta: boolean; is_renta: boolean;
  reconfirmed_at: Date; freshness_reminders: number;
};

/**
 * The SQL of listing freshness (issue 16; migration 048; decision 033), beside properties/: reads and sets only the
 * freshness columns and, when pausing or reconfirming, is_active. Every write moves change_seq.
 */
export const freshnessRepository = {
  /**
   * Active listings with an owner and no provider sync (synced ones are reconfirmed by every sync) whose last
   * reconfirmation is older than `rentDays` (rent, or rent and sale) / `saleDays` (sale only) before `now`.
   */
  async listStale(db: Q, now: Date, rentDays: number, saleDays: number, limit: number): Promise<StaleListing[]> {
    const r = await sql<StaleListing>`
      SELECT p.puid, p.title, c.email, p.is_venta, p.is_renta, p.reconfirmed_at, p.freshness_reminders
      FROM properties p LEFT JOIN clients c ON c.cuid = p.owner_cuid
      WHERE p.owner_cuid IS NOT NULL AND p.is_active AND p.integration IS NULL
        AND p.reconfirmed_at <= ${now}::timestamptz - make_interval(days => CASE WHEN p.is_renta THEN ${rentDays}::int ELSE ${saleDays}::int END)
      ORDER BY p.reconfirmed_at, p.puid LIMIT ${limit}`.execute(db);
    return r.rows;
  },

  /** Records that reminder `n` (1 or 2) went out, unless the owner reconfirmed meanwhile (then false). */
  async markReminded(db: Q, puid: string, n: number, reconfirmedAt: Date): Promise<boolean> {
    const r = await sql`UPDATE properties SET freshness_reminders = ${n}
      WHERE puid = ${puid} AND freshness_reminders = ${n - 1} AND reconfirmed_at = ${reconfirmedAt} AND is_active`.execute(db);
    return Number(r.numAffectedRows ?? 0) > 0;
  },

  /** Pauses a listing after its reminders, unless the owner reconfirmed meanwhile (then false). */
  async pause(db: Q, puid: string, reconfirmedAt: Date): Promise<boolean> {
    const r = await sql`UPDATE properties SET is_active = false, freshness_paused_at = now()
      WHERE puid = ${puid} AND freshness_reminders = 2 AND reconfirmed_at = ${reconfirmedAt} AND is_active`.execute(db);
    return Number(r.numAffectedRows ?? 0) > 0;
  },

  /**
   * The owner says the listing is still available: the clock starts again, the reminders are forgotten and a listing
   * the freshness job paused is active again (one the owner paused stays paused).
   * @returns the listing's state after, or undefined when it is not `cuid`'s
   */
  async reconfirm(db: Q, puid: string, cuid: string): Promise<{ puid: string; is_active: boolean; reconfirmed_at: Date } | undefined> {
    const r = await sql<{ puid: string; is_active: boolean; reconfirmed_at: Date }>`
      UPDATE properties SET reconfirmed_at = now(), freshness_reminders = 0,
        is_active = is_active OR freshness_paused_at IS NOT NULL, freshness_paused_at = NULL
      WHERE puid = ${puid} AND owner_cuid = ${cuid} RETURNING puid, is_active, reconfirmed_at`.execute(db);
    return r.rows[0];
  },
};
