import type { Kysely } from 'kysely';
import type { Database, DB } from '@nj/db';

/** SQL of leads (table leads, migration 009); the listing a lead is about is read by propertiesRepository.findLeadTarget. */
export const leadsRepository = {
  /** Stores a lead (inside the caller's transaction, with the stats that count it). */
  async insert(db: Kysely<DB>, lead: {
    luid: string; puid: string; owner_cuid: string | null; sender_cuid: string | null; name: string; phone: string;
    email: string; message: string; ip: string | null; agent_cuid?: string | null;
  }): Promise<void> {
    await db.insertInto('leads').values(lead).execute();
  },

  /**
   * The agent listing `puid` is assigned to (properties.agent_cuid, issue 11) and their e-mail, or undefined when none
   * (decision 029: the listing's leads go to that agent).
   */
  async findAssignedAgent(database: Database, puid: string): Promise<{ cuid: string; email: string | null } | undefined> {
    return database.db.selectFrom('properties as p').innerJoin('clients as c', 'c.cuid', 'p.agent_cuid')
      .select(['c.cuid', 'c.email']).where('p.puid', '=', puid).executeTakeFirst();
  },

  /**
   * Leads to `ownerCuid` — as the listing's owner, or as the agent it was assigned to when the lead arrived (migration
   * 044; decision 029) — from people without an account (no sender, or an anonymous one: a signed-in sender's
   * lead is already a conversation), newest first, with the listing's title and slug; `limit`/`offset` paging.
   */
  async listForOwner(database: Database, ownerCuid: string, page: { limit: number; offset: number }) {
    return database.db.selectFrom('leads as l').innerJoin('properties as p', 'p.puid', 'l.puid').leftJoin('clients as s', 's.cuid', 'l.sender_cuid')
      .select(['l.luid', 'l.puid', 'p.title', 'p.slug', 'l.name', 'l.phone', 'l.email', 'l.message', 'l.created_at'])
      .where((eb) => eb.or([eb('l.owner_cuid', '=', ownerCuid), eb('l.agent_cuid', '=', ownerCuid)]))
      .where((eb) => eb.or([eb('l.sender_cuid', 'is', null), eb('s.is_anonymous', '=', true)]))
      .orderBy('l.created_at', 'desc').orderBy('l.luid').limit(page.limit).offset(page.offset).execute();
  },

  /** Records that the lead's e-mail to the owner was sent (now). */
  async markEmailed(database: Database, luid: string): Promise<void> {
    await database.db.updateTable('leads').set({ emailed_at: new Date() }).where('luid', '=', luid).execute();
  },
};
