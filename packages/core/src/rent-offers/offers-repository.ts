import { sql } from 'kysely';
import type { Database } from '@nj/db';
import type { OfferTerms } from './offer-rules.ts';

/** A rent's proposal as stored: its terms plus the step and the two parties. */
export type OfferRow = OfferTerms & { ruid: string; step: string; renter_cuid: string; owner_cuid: string; offer_sent_at: Date | null };

/**
 * SQL of the tenant's proposal on table rents (migration 026). Dates are read with to_char so they stay the
 * calendar day that was written, whatever the drivers' time zone.
 */
export const offersRepository = {
  /** The proposal of rent `ruid`, or undefined. */
  async find(database: Database, ruid: string): Promise<OfferRow | undefined> {
    const result = await sql<OfferRow>`
      SELECT ruid, step, renter_cuid, owner_cuid, price, coalesce(maintenance_fee, 0) AS maintenance_fee, warranty_deposit,
             plan, rent_type, to_char(first_day, 'YYYY-MM-DD') AS first_day, to_char(last_day, 'YYYY-MM-DD') AS last_day, offer_sent_at
      FROM rents WHERE ruid = ${ruid}`.execute(database.db);
    return result.rows[0];
  },

  /**
   * Writes `changes` to rent `ruid` only while it is still at `step` (another request may have sent the proposal).
   * @returns false when the rent had moved on
   */
  async update(database: Database, ruid: string, step: string, changes: Partial<Record<'price' | 'maintenance_fee' | 'warranty_deposit' | 'rent_type' | 'first_day' | 'last_day' | 'plan', number | string>>): Promise<boolean> {
    if (Object.keys(changes).length === 0) return true;
    const result = await database.db.updateTable('rents').set({ ...changes, updated_at: sql`now()` } as never)
      .where('ruid', '=', ruid).where('step', '=', step).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /** Marks when the proposal was started or sent (`column`), now. */
  async stamp(database: Database, ruid: string, column: 'offer_started_at' | 'offer_sent_at'): Promise<void> {
    await database.db.updateTable('rents').set({ [column]: sql`now()` } as never).where('ruid', '=', ruid).execute();
  },
};
