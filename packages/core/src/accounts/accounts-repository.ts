import { sql } from 'kysely';
import type { Database } from '@nj/db';

/** Columns of a client row the API view and the account logic read. */
const CLIENT_COLUMNS = [
  'cuid', 'is_anonymous', 'email', 'nickname', 'password_hash', 'ucode', 'bio', 'profile_photo_name', 'phone_number',
  'phone_country_code', 'is_email_verified', 'is_phone_verified', 'is_identity_verified', 'is_agent', 'privileges',
] as const;

export type TClientRow = {
  cuid: string;
  is_anonymous: boolean;
  email: string | null;
  nickname: string | null;
  password_hash: string | null;
  ucode: string | null;
  bio: string | null;
  profile_photo_name: string | null;
  phone_number: string | null;
  phone_country_code: string | null;
  is_email_verified: boolean;
  is_phone_verified: boolean;
  is_identity_verified: boolean;
  is_agent: boolean;
  privileges: string[];
};

/** lower(trim(email)): the form e-mails are compared in. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** True for a PostgreSQL unique violation (23505), on pg and PGlite. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}

/** SQL of accounts: clients, sign-up PINs, password-reset tokens (migration 004). */
export const accountsRepository = {
  async findByCuid(database: Database, cuid: string): Promise<TClientRow | undefined> {
    return database.db.selectFrom('clients').select([...CLIENT_COLUMNS]).where('cuid', '=', cuid).executeTakeFirst();
  },
  /**
   * True when the client administers an agency (kind 'agency' of migration 042/043's agencies table): the navigation
   * then links the agency panel and the agent dashboard (spec 01 §2).
   */
  async administersAgency(database: Database, cuid: string): Promise<boolean> {
    const r = await sql<{ one: number }>`SELECT 1 AS one FROM agencies WHERE admin_cuid = ${cuid} AND kind = 'agency' LIMIT 1`.execute(database.db);
    return r.rows.length > 0;
  },
  /** The registered client with this address (case-insensitive). */
  async findByEmail(database: Database, email: string): Promise<TClientRow | undefined> {
    return database.db
      .selectFrom('clients')
      .select([...CLIENT_COLUMNS])
      .where(sql<string>`lower(email)`, '=', normalizeEmail(email))
      .executeTakeFirst();
  },
  /** Turns an anonymous client into a registered one in place (same cuid). False when it is not anonymous. */
  async registerAnonymous(
    database: Database,
    cuid: string,
    values: { email: string; nickname: string; password_hash: string | null; ucode: string; is_email_verified: boolean },
  ): Promise<boolean> {
    const r = await database.db
      .updateTable('clients')
      .set({ ...values, is_anonymous: false, updated_at: sql`now()` })
      .where('cuid', '=', cuid)
      .where('is_anonymous', '=', true)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
  async insertRegistered(
    database: Database,
    values: { cuid: string; email: string; nickname: string; password_hash: string | null; ucode: string; is_email_verified: boolean },
  ): Promise<void> {
    await database.db.insertInto('clients').values({ ...values, is_anonymous: false }).execute();
  },
  async update(
    database: Database,
    cuid: string,
    values: Partial<Pick<TClientRow, 'nickname' | 'bio' | 'password_hash' | 'is_email_verified'>>,
  ): Promise<void> {
    await database.db.updateTable('clients').set({ ...values, updated_at: sql`now()` }).where('cuid', '=', cuid).execute();
  },
  async ucodeExists(database: Database, ucode: string): Promise<boolean> {
    return !!(await database.db.selectFrom('clients').select('cuid').where('ucode', '=', ucode).executeTakeFirst());
  },

  // sign-up PINs
  async latestPin(database: Database, cuid: string, emailNorm: string) {
    return database.db
      .selectFrom('signup_pins')
      .selectAll()
      .where('cuid', '=', cuid)
      .where('email_norm', '=', emailNorm)
      .executeTakeFirst();
  },
  async upsertPin(database: Database, cuid: string, emailNorm: string, pinHash: string, expiresAt: Date): Promise<void> {
    await database.db
      .insertInto('signup_pins')
      .values({ cuid, email_norm: emailNorm, pin_hash: pinHash, expires_at: expiresAt })
      .onConflict((oc) =>
        oc.columns(['cuid', 'email_norm']).doUpdateSet({
          pin_hash: pinHash, expires_at: expiresAt, attempts: 0, used_at: null, sent_at: sql`now()`,
        }),
      )
      .execute();
  },
  /** Counts one wrong PIN; returns the attempts so far. */
  async countWrongPin(database: Database, cuid: string, emailNorm: string): Promise<number> {
    const r = await database.db
      .updateTable('signup_pins')
      .set({ attempts: sql`attempts + 1` })
      .where('cuid', '=', cuid)
      .where('email_norm', '=', emailNorm)
      .returning('attempts')
      .executeTakeFirst();
    return r?.attempts ?? 0;
  },
  /** Marks the PIN used if it still is live and matches; true when this call used it (single use). */
  async consumePin(database: Database, cuid: string, emailNorm: string, pinHash: string, maxAttempts: number): Promise<boolean> {
    const r = await database.db
      .updateTable('signup_pins')
      .set({ used_at: sql`now()` })
      .where('cuid', '=', cuid)
      .where('email_norm', '=', emailNorm)
      .where('pin_hash', '=', pinHash)
      .where('used_at', 'is', null)
      .where('attempts', '<', maxAttempts)
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  // password-reset tokens
  async insertResetToken(database: Database, tokenHash: string, cuid: string, expiresAt: Date): Promise<void> {
    await database.db.insertInto('password_reset_tokens').values({ token_hash: tokenHash, cuid, expires_at: expiresAt }).execute();
  },
  /** Uses a live token once; returns its client, or undefined when unknown, used or expired. */
  async consumeResetToken(database: Database, tokenHash: string): Promise<string | undefined> {
    const r = await database.db
      .updateTable('password_reset_tokens')
      .set({ used_at: sql`now()` })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning('cuid')
      .executeTakeFirst();
    return r?.cuid;
  },
  /** Invalidates every other live reset link of a client (after a password change). */
  async expireResetTokens(database: Database, cuid: string): Promise<void> {
    await database.db
      .updateTable('password_reset_tokens')
      .set({ used_at: sql`now()` })
      .where('cuid', '=', cuid)
      .where('used_at', 'is', null)
      .execute();
  },

  // sessions
  async deleteSessionsOf(database: Database, cuid: string, exceptIdHash?: string): Promise<void> {
    let q = database.db.deleteFrom('sessions').where('cuid', '=', cuid);
    if (exceptIdHash) q = q.where('id_hash', '!=', exceptIdHash);
    await q.execute();
  },
};
