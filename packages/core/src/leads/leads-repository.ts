import type { Kysely } from 'kysely';
import type { Database, DB } from '@nj/db';

/** SQL of leads (table leads, migration 009); the listing a lead is about is read by propertiesRepository.findLeadTarget. */
export const leadsRepository = {
  /** Stores a lead (inside the caller's transaction, with the stats that count it). */
  async insert(db: Kysely<DB>, lead: {
    luid: string; puid: string; owner_cuid: string | null; sender_cuid: string | null; name: string; phone: string;
    email: string; message: string; ip: string | null;
  }): Promise<void> {
    await db.insertInto('leads').values(lead).execute();
  },

  /** Records that the lead's e-mail to the owner was sent (now). */
  async markEmailed(database: Database, luid: string): Promise<void> {
    await database.db.updateTable('leads').set({ emailed_at: new Date() }).where('luid', '=', luid).execute();
  },
};
