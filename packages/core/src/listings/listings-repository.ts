import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '@nj/db';

type Q = Kysely<DB> | Transaction<DB>;

/**
 * SQL of listing drafts (property_drafts). The published listing's reads and writes are in propertiesRepository
 * (issue 8 §3).
 */
export const listingsRepository = {
  /** Creates a draft of `owner_cuid`; returns its id, data, step and updated_at. */
  async insertDraft(db: Q, draft: { id: string; owner_cuid: string; data: Record<string, unknown>; step: number }) {
    return db.insertInto('property_drafts').values({ ...draft, data: JSON.stringify(draft.data) })
      .returning(['id', 'data', 'step', 'updated_at']).executeTakeFirstOrThrow();
  },

  /** Saves a draft of `owner_cuid`; undefined when there is no such draft of that owner. */
  async updateDraft(db: Q, draft: { id: string; owner_cuid: string; data: Record<string, unknown>; step: number }) {
    return db.updateTable('property_drafts').set({ data: JSON.stringify(draft.data), step: draft.step, updated_at: sql`now()` })
      .where('id', '=', draft.id).where('owner_cuid', '=', draft.owner_cuid)
      .returning(['id', 'data', 'step', 'updated_at']).executeTakeFirst();
  },

  /** A draft of the owner by id, or the owner's latest one when id is undefined. */
  async findDraft(db: Q, owner_cuid: string, id?: string) {
    let q = db.selectFrom('property_drafts').select(['id', 'data', 'step', 'updated_at']).where('owner_cuid', '=', owner_cuid);
    if (id !== undefined) q = q.where('id', '=', id);
    return q.orderBy('updated_at', 'desc').limit(1).executeTakeFirst();
  },

  /** A draft of the owner by id with a row lock (inside a transaction); undefined when not this owner's. */
  async lockDraft(db: Q, owner_cuid: string, id: string) {
    return db.selectFrom('property_drafts').select(['id', 'data', 'step', 'updated_at'])
      .where('id', '=', id).where('owner_cuid', '=', owner_cuid).forUpdate().executeTakeFirst();
  },

  /** Any owner's draft by id (the photo job, which acts for no one); `lock` takes a row lock inside a transaction. */
  async findDraftById(db: Q, id: string, lock = false) {
    let q = db.selectFrom('property_drafts').select(['id', 'data']).where('id', '=', id);
    if (lock) q = q.forUpdate();
    return q.executeTakeFirst();
  },

  /** Overwrites a draft's data (keeps its step). */
  async setDraftData(db: Q, id: string, data: Record<string, unknown>) {
    return db.updateTable('property_drafts').set({ data: JSON.stringify(data), updated_at: sql`now()` })
      .where('id', '=', id).returning(['id', 'data', 'step', 'updated_at']).executeTakeFirstOrThrow();
  },

  /**
   * Inside a transaction: locks up to `limit` drafts unchanged for `olderThanDays` days, oldest first, skipping rows
   * another transaction holds (an owner saving right now). Returns their id and data.
   */
  async lockStaleDrafts(db: Q, olderThanDays: number, limit: number): Promise<{ id: string; data: unknown }[]> {
    return (await sql<{ id: string; data: unknown }>`
      SELECT id, data FROM property_drafts
      WHERE updated_at < now() - make_interval(days => ${olderThanDays})
      ORDER BY updated_at LIMIT ${limit} FOR UPDATE SKIP LOCKED`.execute(db)).rows;
  },

  /** Deletes the drafts with these ids, whoever owns them (the stale-draft sweep). */
  async deleteDrafts(db: Q, ids: string[]): Promise<void> {
    if (ids.length) await db.deleteFrom('property_drafts').where('id', 'in', ids).execute();
  },

  /** Deletes a draft of `owner_cuid` (no-op when it is not theirs). */
  async deleteDraft(db: Q, owner_cuid: string, id: string): Promise<void> {
    await db.deleteFrom('property_drafts').where('id', '=', id).where('owner_cuid', '=', owner_cuid).execute();
  },
};
