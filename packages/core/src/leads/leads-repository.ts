import type { Kysely } from 'kysely';
import type { Database, DB } from '@nj/db';

/** SQL of leads (table leads, migration 009). */
export const leadsRepository = {
  /** The listing a lead is about with its owner's e-mail (null for demo listings), or undefined when unknown. */
  async findTarget(database: Database, puid: string): Promise<{
    puid: string; slug: string; title: string; is_active: boolean; owner_cuid: string | null; owner_email: string | null;
  } | undefined> {
    return database.db
      .selectFrom('properties as p')
      .leftJoin('clients as c', 'c.cuid', 'p.owner_cuid')
      .select(['p.puid', 'p.slug', 'p.title', 'p.is_active', 'p.owner_cuid', 'c.email as owner_email'])
      .where('p.puid', '=', puid)
      .executeTakeFirst();
  },

  async insert(db: Kysely<DB>, lead: {
    luid: string; puid: string; owner_cuid: string | null; sender_cuid: string | null; name: string; phone: string;
    email: string; message: string; ip: string | null;
  }): Promise<void> {
    await db.insertInto('leads').values(lead).execute();
  },

  async markEmailed(database: Database, luid: string): Promise<void> {
    await database.db.updateTable('leads').set({ emailed_at: new Date() }).where('luid', '=', luid).execute();
  },
};
