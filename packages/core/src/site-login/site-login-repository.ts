import type { AgencyDb } from '../agencies/agencies-tables.ts';
import { siteLoginTables } from './site-login-tables.ts';

/** SQL of the central login's one-time tokens (migration 046). Times are JS Dates (the caller's clock). */
export const siteLoginRepository = {
  /** Stores a new token (its SHA-256 hex only) for `cuid` on the site `siteUid` and the state `state`. */
  async insertToken(db: AgencyDb, row: { tokenHash: string; siteUid: string; cuid: string; state: string; expiresAt: Date }): Promise<void> {
    await siteLoginTables(db).insertInto('site_login_tokens')
      .values({ token_hash: row.tokenHash, site_uid: row.siteUid, cuid: row.cuid, state: row.state, expires_at: row.expiresAt })
      .execute();
  },

  /**
   * The unspent, unexpired token `tokenHash` issued for `siteUid` and `state`, locked for the exchange (FOR UPDATE:
   * of two exchanges at once only one sees it unspent); undefined otherwise. Run inside a transaction.
   */
  async findUsableForUpdate(db: AgencyDb, q: { tokenHash: string; siteUid: string; state: string; now: Date }) {
    return siteLoginTables(db).selectFrom('site_login_tokens').select(['token_hash', 'cuid', 'site_uid'])
      .where('token_hash', '=', q.tokenHash).where('site_uid', '=', q.siteUid).where('state', '=', q.state)
      .where('used_at', 'is', null).where('expires_at', '>', q.now)
      .forUpdate()
      .executeTakeFirst();
  },

  /** Marks the token spent at `now`; true when this call spent it (it was unspent). */
  async spend(db: AgencyDb, tokenHash: string, now: Date): Promise<boolean> {
    const r = await siteLoginTables(db).updateTable('site_login_tokens').set({ used_at: now })
      .where('token_hash', '=', tokenHash).where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** Drops tokens that expired before `before` (spent or not); they can never be used again. */
  async deleteExpiredBefore(db: AgencyDb, before: Date): Promise<void> {
    await siteLoginTables(db).deleteFrom('site_login_tokens').where('expires_at', '<', before).execute();
  },
};
