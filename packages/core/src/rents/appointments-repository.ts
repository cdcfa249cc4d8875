import type { Database } from '@nj/db';
import { newId } from './rents-repository.ts';

/** An appointment row (table appointments, migration 018). */
export type AppointmentRow = {
  auid: string; ruid: string; proposed: { st: string; et: string }[]; st: Date | null; et: Date | null; time_zone: string | null;
  status: 'requested' | 'proposed' | 'confirmed' | 'cancelled'; cancelled_by: string | null; created_at: Date; updated_at: Date;
};

/** SQL of visits and their reviews (migration 018; issue 11 'Visits'). */
export const appointmentsRepository = {
  /** The rent's newest appointment that is not cancelled. */
  async current(database: Database, ruid: string): Promise<AppointmentRow | undefined> {
    return database.db.selectFrom('appointments').selectAll().where('ruid', '=', ruid).where('status', '<>', 'cancelled')
      .orderBy('created_at', 'desc').limit(1).executeTakeFirst();
  },
  /** One appointment by auid. */
  async find(database: Database, auid: string): Promise<AppointmentRow | undefined> {
    return database.db.selectFrom('appointments').selectAll().where('auid', '=', auid).executeTakeFirst();
  },
  /** A new requested appointment of rent `ruid`. */
  async insert(database: Database, ruid: string): Promise<AppointmentRow> {
    return database.db.insertInto('appointments').values({ auid: newId('a_'), ruid }).returningAll().executeTakeFirstOrThrow();
  },
  /** Updates an appointment's proposal, confirmation or cancellation. */
  async update(database: Database, auid: string, changes: {
    proposed?: { st: string; et: string }[]; st?: Date; et?: Date; time_zone?: string; status?: AppointmentRow['status']; cancelled_by?: string;
  }): Promise<void> {
    const { proposed, ...rest } = changes;
    await database.db.updateTable('appointments')
      .set({ ...rest, ...(proposed ? { proposed: JSON.stringify(proposed) } : {}), updated_at: new Date() }).where('auid', '=', auid).execute();
  },
  /** Stores one side's review; false when that side already reviewed this visit. */
  async insertReview(database: Database, review: { auid: string; reviewer_cuid: string; reviewee_cuid: string; rating: number; comment: string | null }): Promise<boolean> {
    const row = await database.db.insertInto('appointment_reviews').values(review)
      .onConflict((oc) => oc.columns(['auid', 'reviewer_cuid']).doNothing()).returning('auid').executeTakeFirst();
    return row !== undefined;
  },
  /**
   * Development only (POST /api/dev/appointments/{auid}/elapse): moves a visit to the past, keeping its length, so a
   * local story can rate it without waiting a day. Returns false for an unknown auid.
   */
  async moveToPast(database: Database, auid: string, now: Date): Promise<boolean> {
    const row = await database.db.updateTable('appointments')
      .set({ st: new Date(now.getTime() - 2 * 3600_000), et: new Date(now.getTime() - 3600_000), updated_at: now })
      .where('auid', '=', auid).where('status', '=', 'confirmed').returning('auid').executeTakeFirst();
    return row !== undefined;
  },
  /** Whether `cuid` already rated visit `auid`. */
  async hasReviewed(database: Database, auid: string, cuid: string): Promise<boolean> {
    const row = await database.db.selectFrom('appointment_reviews').select('auid').where('auid', '=', auid).where('reviewer_cuid', '=', cuid).executeTakeFirst();
    return row !== undefined;
  },
  /** The number of reviews `cuid` received and their average rating (null when none). */
  async ratingOf(database: Database, cuid: string): Promise<{ count: number; average: number | null }> {
    const row = await database.db.selectFrom('appointment_reviews')
      .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.avg<string | null>('rating').as('avg')])
      .where('reviewee_cuid', '=', cuid).executeTakeFirstOrThrow();
    return { count: Number(row.n), average: row.avg === null ? null : Math.round(Number(row.avg) * 10) / 10 };
  },
};
