import { sql } from 'kysely';
import type { Database } from '@nj/db';
import type { TReftype } from '@nj/contracts';

export type TReferenceRow = {
  id: number;
  cuid: string;
  name: string;
  phone_number: string;
  reftype: TReftype;
  is_confirmed: boolean;
  confirmed_at: Date | null;
  last_sent_at: Date | null;
  created_at: Date;
};

const COLUMNS = [
  'client_references.id', 'client_references.cuid', 'client_references.name', 'client_references.phone_number',
  'client_references.reftype', 'client_references.is_confirmed', 'client_references.confirmed_at',
  'client_references.last_sent_at', 'client_references.created_at',
] as const;

/** SQL of personal references and their confirmation tokens (migration 007). Every owner query filters by cuid. */
export const referencesRepository = {
  async listByOwner(database: Database, cuid: string): Promise<TReferenceRow[]> {
    return database.db
      .selectFrom('client_references')
      .select(COLUMNS)
      .where('cuid', '=', cuid)
      .orderBy('created_at')
      .orderBy('id')
      .execute() as Promise<TReferenceRow[]>;
  },
  /** Locks the owner's client row so concurrent saves of the same client check the 6 + 1 limits one at a time. */
  async lockOwner(database: Database, cuid: string): Promise<void> {
    await sql`SELECT cuid FROM clients WHERE cuid = ${cuid} FOR UPDATE`.execute(database.db);
  },
  async insert(database: Database, row: { cuid: string; name: string; phone_number: string; reftype: TReftype }) {
    return database.db.insertInto('client_references').values(row).returning(['id']).executeTakeFirstOrThrow();
  },
  async findByOwnerAndPhone(database: Database, cuid: string, phoneNumber: string): Promise<TReferenceRow | undefined> {
    return database.db
      .selectFrom('client_references')
      .select(COLUMNS)
      .where('cuid', '=', cuid)
      .where('phone_number', '=', phoneNumber)
      .executeTakeFirst() as Promise<TReferenceRow | undefined>;
  },
  async deleteByOwnerAndPhone(database: Database, cuid: string, phoneNumber: string): Promise<number> {
    const r = await database.db
      .deleteFrom('client_references')
      .where('cuid', '=', cuid)
      .where('phone_number', '=', phoneNumber)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  },
  /**
   * Takes the right to send a message to this reference: sets last_sent_at to now only if it is unset or older than
   * `intervalMs`, and the reference is not confirmed. Atomic, so two concurrent reminders send one message.
   * Returns true when taken.
   */
  async claimSendSlot(database: Database, id: number, intervalMs: number): Promise<boolean> {
    const r = await database.db
      .updateTable('client_references')
      .set({ last_sent_at: sql`now()` })
      .where('id', '=', id)
      .where('is_confirmed', '=', false)
      .where((eb) => eb.or([
        eb('last_sent_at', 'is', null),
        eb('last_sent_at', '<=', sql<Date>`now() - make_interval(secs => ${intervalMs / 1000})`),
      ]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
  async setLastSent(database: Database, id: number, at: Date | null): Promise<void> {
    await database.db.updateTable('client_references').set({ last_sent_at: at }).where('id', '=', id).execute();
  },
  async insertToken(database: Database, row: { token_hash: string; reference_id: number; cuid: string; expires_at: Date }) {
    await database.db.insertInto('reference_tokens').values(row).execute();
  },
  /** Confirmation messages this client sent since `since` (saves and reminders, deleted references included). */
  async countTokensSince(database: Database, cuid: string, since: Date): Promise<number> {
    const row = await database.db
      .selectFrom('reference_tokens')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('cuid', '=', cuid)
      .where('sent_at', '>', since)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },
  /** The live (unexpired) token's reference and its owner's public fields, or undefined. */
  async findByTokenHash(database: Database, tokenHash: string) {
    return database.db
      .selectFrom('reference_tokens')
      .innerJoin('client_references', 'client_references.id', 'reference_tokens.reference_id')
      .innerJoin('clients', 'clients.cuid', 'client_references.cuid')
      .select([
        'client_references.id', 'client_references.cuid', 'client_references.name', 'client_references.phone_number',
        'client_references.is_confirmed', 'clients.nickname', 'clients.profile_photo_name',
      ])
      .where('reference_tokens.token_hash', '=', tokenHash)
      .where('reference_tokens.expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
  },
  /** Marks the reference confirmed; keeps the first confirmation's time and confirmer. */
  async confirm(database: Database, id: number, confirmerCuid: string | null): Promise<void> {
    await database.db
      .updateTable('client_references')
      .set({
        is_confirmed: true,
        confirmed_at: sql`coalesce(confirmed_at, now())`,
        confirmed_by_cuid: sql`coalesce(confirmed_by_cuid, ${confirmerCuid})`,
      })
      .where('id', '=', id)
      .execute();
  },
  /** The owner's nickname and phone as stored on the client (phone may be national digits with a country code). */
  async findOwner(database: Database, cuid: string) {
    return database.db
      .selectFrom('clients')
      .select(['nickname', 'phone_number', 'phone_country_code'])
      .where('cuid', '=', cuid)
      .executeTakeFirst();
  },
};
