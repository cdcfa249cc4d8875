import { sql } from 'kysely';
import type { Database } from '@nj/db';
import { propertiesRepository } from '../properties/properties-repository.ts';

/**
 * SQL of likes (table property_likes, migration 005). properties.likes is kept by triggers on that table and read
 * through propertiesRepository (issue 8 §3).
 */
export const likesRepository = {

  /**
   * Flips the like of `cuid` on `puid` in one statement: deletes it when present, inserts it otherwise.
   * Answers the new state and the property's like count after the change.
   */
  async toggle(database: Database, cuid: string, puid: string): Promise<{ isLiked: boolean; likes: number }> {
    const removed = await database.db
      .deleteFrom('property_likes')
      .where('cuid', '=', cuid)
      .where('puid', '=', puid)
      .executeTakeFirst();
    let isLiked = false;
    if (Number(removed.numDeletedRows) === 0) {
      // A concurrent toggle may have inserted it already; then the like stays (same end state as a double click).
      await database.db
        .insertInto('property_likes')
        .values({ cuid, puid })
        .onConflict((oc) => oc.columns(['cuid', 'puid']).doNothing())
        .execute();
      isLiked = true;
    }
    return { isLiked, likes: await propertiesRepository.likeCount(database, puid) };
  },

  /** The subset of `puids` that `cuid` likes (one query). */
  async likedAmong(database: Database, cuid: string, puids: readonly string[]): Promise<Set<string>> {
    if (puids.length === 0) return new Set();
    const rows = await database.db
      .selectFrom('property_likes')
      .select('puid')
      .where('cuid', '=', cuid)
      .where('puid', 'in', [...new Set(puids)])
      .execute();
    return new Set(rows.map((r) => r.puid));
  },

  /** The puids `cuid` likes, newest like first, one page; and the total count. */
  async pageOfLiked(
    database: Database,
    cuid: string,
    limit: number,
    offset: number,
  ): Promise<{ puids: string[]; total: number }> {
    const [rows, count] = await Promise.all([
      database.db
        .selectFrom('property_likes')
        .select('puid')
        .where('cuid', '=', cuid)
        .orderBy('created_at', 'desc')
        .orderBy('puid', 'asc')
        .limit(limit)
        .offset(offset)
        .execute(),
      database.db
        .selectFrom('property_likes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('cuid', '=', cuid)
        .executeTakeFirstOrThrow(),
    ]);
    return { puids: rows.map((r) => r.puid), total: Number(count.n) };
  },

  /**
   * Moves every like of `fromCuid` to `toCuid` in one statement; likes `toCuid` already has are dropped (the
   * triggers then lower those counters by one, since two clients became one). Returns how many likes were moved.
   */
  async moveAll(database: Database, fromCuid: string, toCuid: string): Promise<number> {
    const r = await sql<{ n: number }>`
      WITH moved AS (
        DELETE FROM property_likes WHERE cuid = ${fromCuid} RETURNING puid, created_at
      ), inserted AS (
        INSERT INTO property_likes (cuid, puid, created_at)
        SELECT ${toCuid}, puid, created_at FROM moved
        ON CONFLICT (cuid, puid) DO NOTHING
        RETURNING 1
      )
      SELECT count(*)::int AS n FROM inserted`.execute(database.db);
    return Number(r.rows[0]?.n ?? 0);
  },
};
