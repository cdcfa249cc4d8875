import { sql } from 'kysely';
import type { Database } from '@nj/db';
import type { TEmoneyKind } from '@nj/contracts';

/** SQL of the e-money ledger (table emoney_ledger, migration 007). Amounts in MXN. */
export const rewardsRepository = {
  /**
   * Credits the welcome reward unless the client already has it. Relies on the partial unique index
   * emoney_ledger_welcome_once, so concurrent calls insert at most one row. Returns the new row, or undefined.
   */
  async insertWelcomeOnce(database: Database, cuid: string, amountMxn: number) {
    return database.db
      .insertInto('emoney_ledger')
      .values({ cuid, amount_mxn: amountMxn, kind: 'welcome_reward' })
      .onConflict((oc) => oc.columns(['cuid', 'kind']).where('kind', '=', 'welcome_reward').doNothing())
      .returning(['id', 'created_at'])
      .executeTakeFirst();
  },
  async findWelcome(database: Database, cuid: string) {
    return database.db
      .selectFrom('emoney_ledger')
      .select(['id', 'amount_mxn', 'created_at'])
      .where('cuid', '=', cuid)
      .where('kind', '=', 'welcome_reward')
      .executeTakeFirst();
  },
  /** The client's balance in MXN: the sum of its ledger (0 when empty). */
  async balance(database: Database, cuid: string): Promise<number> {
    const row = await database.db
      .selectFrom('emoney_ledger')
      .select(sql<number>`coalesce(sum(amount_mxn), 0)::numeric(14,2)`.as('balance'))
      .where('cuid', '=', cuid)
      .executeTakeFirst();
    return Number(row?.balance ?? 0);
  },
  async countEntries(database: Database, cuid: string): Promise<number> {
    const row = await database.db
      .selectFrom('emoney_ledger')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('cuid', '=', cuid)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },
  /** One page of the client's ledger, newest first. */
  async listEntries(database: Database, cuid: string, limit: number, offset: number) {
    return database.db
      .selectFrom('emoney_ledger')
      .select(['id', 'amount_mxn', 'kind', 'created_at'])
      .where('cuid', '=', cuid)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute() as Promise<{ id: number; amount_mxn: number; kind: TEmoneyKind; created_at: Date }[]>;
  },
};
