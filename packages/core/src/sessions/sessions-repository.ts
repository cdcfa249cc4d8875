import { sql } from 'kysely';
import type { Database } from '@nj/db';

/** SQL of clients and sessions. Times in ms since the epoch where numbers. */
export const sessionsRepository = {
  async insertAnonymousClient(database: Database, cuid: string): Promise<void> {
    await database.db.insertInto('clients').values({ cuid, is_anonymous: true }).execute();
  },
  async insertSession(database: Database, idHash: string, cuid: string, expiresAt: Date, siteUid: string | null = null): Promise<void> {
    await database.db.insertInto('sessions').values({ id_hash: idHash, cuid, expires_at: expiresAt, ...(siteUid ? { site_uid: siteUid } : {}) }).execute();
  },
  /** The live session for a token hash, with its client, or undefined when missing or expired. */
  async findLive(database: Database, idHash: string) {
    return database.db
      .selectFrom('sessions')
      .innerJoin('clients', 'clients.cuid', 'sessions.cuid')
      .select(['sessions.id_hash', 'sessions.cuid', 'sessions.expires_at', 'sessions.last_seen_at', 'sessions.site_uid', 'clients.is_anonymous', 'clients.privileges', 'clients.is_agent'])
      .where('sessions.id_hash', '=', idHash)
      .where('sessions.expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
  },
  async touch(database: Database, idHash: string, expiresAt: Date): Promise<void> {
    await database.db
      .updateTable('sessions')
      .set({ last_seen_at: sql`now()`, expires_at: expiresAt })
      .where('id_hash', '=', idHash)
      .execute();
  },
  async deleteSession(database: Database, idHash: string): Promise<void> {
    await database.db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
  },
  async deleteExpired(database: Database): Promise<number> {
    const r = await database.db.deleteFrom('sessions').where('expires_at', '<=', sql<Date>`now()`).executeTakeFirst();
    return Number(r.numDeletedRows);
  },
};
