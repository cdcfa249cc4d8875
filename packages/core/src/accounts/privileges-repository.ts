import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '@nj/db';
import { normalizeEmail } from './accounts-repository.ts';

type Q = Kysely<DB> | Transaction<DB>;

/** SQL of clients' privileges (clients.privileges) and their history (privilege_grants, migration 013). */
export const privilegesRepository = {
  /** The registered client with this e-mail (any case), with its privileges; `lock` takes a row lock. */
  async findRegisteredByEmail(db: Q, email: string, lock = false): Promise<{ cuid: string; privileges: string[] } | undefined> {
    let q = db.selectFrom('clients').select(['cuid', 'privileges'])
      .where(sql<string>`lower(email)`, '=', normalizeEmail(email)).where('is_anonymous', '=', false);
    if (lock) q = q.forUpdate();
    return q.executeTakeFirst();
  },

  /** Sets the client's privileges and records the change with who made it, in the caller's transaction. */
  async record(db: Transaction<DB>, change: { cuid: string; privileges: string[]; privilege: string; action: 'grant' | 'revoke'; by: string }): Promise<void> {
    await db.updateTable('clients').set({ privileges: change.privileges, updated_at: sql`now()` }).where('cuid', '=', change.cuid).execute();
    await db.insertInto('privilege_grants')
      .values({ cuid: change.cuid, privilege: change.privilege, action: change.action, granted_by: change.by }).execute();
  },

  /** Every recorded change of the client's privileges, oldest first. */
  async history(db: Q, cuid: string) {
    return db.selectFrom('privilege_grants').select(['privilege', 'action', 'granted_by', 'created_at'])
      .where('cuid', '=', cuid).orderBy('created_at').orderBy('id').execute();
  },
};
