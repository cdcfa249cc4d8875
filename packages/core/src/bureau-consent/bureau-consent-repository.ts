import { sql, type Kysely } from 'kysely';
import type { Database, DB } from '@nj/db';

/** A client's bureau consent row (table bureau_consents, migration 035). */
export type BureauConsentRow = {
  cuid: string; pin_hash: string | null; pin_expires_at: Date | null; pin_sent_at: Date | null; pin_attempts: number;
  pin_sent_to: string | null; authorized_at: Date | null; consent_version: string | null;
};
/** What the NIP is sent with: the client's address and verified phone. */
export type ConsentContact = { email: string | null; nickname: string | null; phone: string | null };

/** SQL of the renter's authorization of the credit bureau query (decision 020). `db` may be a transaction. */
export const bureauConsentRepository = {
  /** Client `cuid`'s row, locked for the rest of the transaction; undefined when none. */
  async forUpdate(db: Kysely<DB>, cuid: string): Promise<BureauConsentRow | undefined> {
    const result = await sql<BureauConsentRow>`SELECT * FROM bureau_consents WHERE cuid = ${cuid} FOR UPDATE`.execute(db);
    return result.rows[0];
  },

  /** Client `cuid`'s row, or undefined. */
  async find(database: Database, cuid: string): Promise<BureauConsentRow | undefined> {
    const result = await sql<BureauConsentRow>`SELECT * FROM bureau_consents WHERE cuid = ${cuid}`.execute(database.db);
    return result.rows[0];
  },

  /** The e-mail, nickname and verified phone (E.164, or null) of client `cuid`; undefined when there is no such client. */
  async contact(db: Kysely<DB>, cuid: string): Promise<ConsentContact | undefined> {
    const result = await sql<ConsentContact>`
      SELECT email, nickname,
        CASE WHEN is_phone_verified AND phone_number IS NOT NULL THEN '+' || ltrim(coalesce(phone_country_code, '52'), '+') || phone_number END AS phone
      FROM clients WHERE cuid = ${cuid}`.execute(db);
    return result.rows[0];
  },

  /** Stores a new NIP (hashed) for client `cuid`, voiding the previous one and its wrong attempts. */
  async storePin(db: Kysely<DB>, cuid: string, pin: { hash: string; expiresAt: Date; sentTo: string }): Promise<void> {
    await sql`
      INSERT INTO bureau_consents (cuid, pin_hash, pin_expires_at, pin_sent_at, pin_attempts, pin_sent_to)
      VALUES (${cuid}, ${pin.hash}, ${pin.expiresAt}, now(), 0, ${pin.sentTo})
      ON CONFLICT (cuid) DO UPDATE SET pin_hash = excluded.pin_hash, pin_expires_at = excluded.pin_expires_at,
        pin_sent_at = now(), pin_attempts = 0, pin_sent_to = excluded.pin_sent_to`.execute(db);
  },

  /** Counts a wrong NIP of client `cuid`. */
  async countAttempt(db: Kysely<DB>, cuid: string): Promise<void> {
    await sql`UPDATE bureau_consents SET pin_attempts = pin_attempts + 1 WHERE cuid = ${cuid}`.execute(db);
  },

  /** Records client `cuid`'s authorization of text `version` now; the NIP is spent. */
  async authorize(db: Kysely<DB>, cuid: string, version: string): Promise<void> {
    await sql`
      UPDATE bureau_consents SET authorized_at = now(), consent_version = ${version}, pin_hash = NULL, pin_expires_at = NULL,
        pin_attempts = 0, pin_sent_to = NULL
      WHERE cuid = ${cuid}`.execute(db);
  },
};
