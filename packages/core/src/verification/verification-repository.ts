import { sql, type Kysely } from 'kysely';
import type { DB } from '@nj/db';

type Q = Kysely<DB>;

/** SQL of e-mail and phone verification (tables email_verification_tokens, phone_verifications; migration 006). */
export const verificationRepository = {
  /** The client's columns verification reads, locked FOR UPDATE when inside a transaction that asks for it. */
  async clientForUpdate(db: Q, cuid: string) {
    return db
      .selectFrom('clients')
      .select(['cuid', 'is_anonymous', 'email', 'nickname', 'is_email_verified', 'is_phone_verified', 'phone_number', 'phone_country_code'])
      .where('cuid', '=', cuid)
      .forUpdate()
      .executeTakeFirst();
  },
  async client(db: Q, cuid: string) {
    return db
      .selectFrom('clients')
      .select(['cuid', 'email', 'is_email_verified', 'is_phone_verified', 'phone_number', 'phone_country_code'])
      .where('cuid', '=', cuid)
      .executeTakeFirst();
  },

  // e-mail links
  async latestEmailTokenAt(db: Q, cuid: string): Promise<Date | null> {
    const r = await db.selectFrom('email_verification_tokens').select('created_at').where('cuid', '=', cuid)
      .orderBy('created_at', 'desc').limit(1).executeTakeFirst();
    return r ? new Date(r.created_at) : null;
  },
  /** Voids the client's unused links, then stores the new one. */
  async replaceEmailToken(db: Q, row: { tokenHash: string; cuid: string; email: string; expiresAt: Date }): Promise<void> {
    await db.deleteFrom('email_verification_tokens').where('cuid', '=', row.cuid).where('used_at', 'is', null).execute();
    await db.insertInto('email_verification_tokens')
      .values({ token_hash: row.tokenHash, cuid: row.cuid, email: row.email, expires_at: row.expiresAt }).execute();
  },
  /** Marks a live link used; returns its cuid and e-mail, or undefined when unknown, used or expired. */
  async consumeEmailToken(db: Q, tokenHash: string): Promise<{ cuid: string; email: string } | undefined> {
    return db.updateTable('email_verification_tokens').set({ used_at: sql`now()` })
      .where('token_hash', '=', tokenHash).where('used_at', 'is', null).where('expires_at', '>', sql<Date>`now()`)
      .returning(['cuid', 'email']).executeTakeFirst();
  },
  /** Sets is_email_verified when the client's e-mail is still the one the link was sent to (case-insensitive). */
  async markEmailVerified(db: Q, cuid: string, email: string): Promise<boolean> {
    const r = await db.updateTable('clients').set({ is_email_verified: true, updated_at: sql`now()` })
      .where('cuid', '=', cuid).where(sql<boolean>`lower(email) = lower(${email})`).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  // phone codes
  async phoneForUpdate(db: Q, cuid: string) {
    return db.selectFrom('phone_verifications').selectAll().where('cuid', '=', cuid).forUpdate().executeTakeFirst();
  },
  async upsertPhoneCode(db: Q, row: {
    cuid: string; phoneNumber: string; phoneCountryCode: string; channel: 'whatsapp' | 'sms'; codeHash: string; codeExpiresAt: Date;
  }): Promise<void> {
    await db.insertInto('phone_verifications')
      .values({
        cuid: row.cuid, phone_number: row.phoneNumber, phone_country_code: row.phoneCountryCode, channel: row.channel,
        code_hash: row.codeHash, code_expires_at: row.codeExpiresAt, code_attempts: 0, sends: 1, last_sent_at: sql`now()`,
        status: 'pending',
      })
      .onConflict((oc) => oc.column('cuid').doUpdateSet({
        phone_number: row.phoneNumber, phone_country_code: row.phoneCountryCode, channel: row.channel,
        code_hash: row.codeHash, code_expires_at: row.codeExpiresAt, code_attempts: 0,
        sends: sql`phone_verifications.sends + 1`, last_sent_at: sql`now()`, status: 'pending', updated_at: sql`now()`,
      }))
      .execute();
  },
  async updatePhone(db: Q, cuid: string, set: Partial<{
    code_hash: string | null; code_expires_at: Date | null; code_attempts: number; failed_attempts: number;
    status: 'pending' | 'verified' | 'contact-us'; last_sent_at: Date | null;
  }>): Promise<void> {
    await db.updateTable('phone_verifications').set({ ...set, updated_at: sql`now()` }).where('cuid', '=', cuid).execute();
  },
  async setClientPhoneVerified(db: Q, cuid: string, phoneNumber: string, phoneCountryCode: string): Promise<void> {
    await db.updateTable('clients')
      .set({ phone_number: phoneNumber, phone_country_code: phoneCountryCode, is_phone_verified: true, updated_at: sql`now()` })
      .where('cuid', '=', cuid).execute();
  },
};
