import type { Database } from '@nj/db';

/** The public fields of a client shown on referral screens. */
const CARD = ['clients.cuid', 'clients.ucode', 'clients.nickname', 'clients.profile_photo_name'] as const;

/** SQL of the referral programme (table referrals, migration 007; clients.ucode from 004). */
export const referralsRepository = {
  /** A registered client by referral code or by client id; undefined when none (anonymous clients never match). */
  async findRegisteredByUcodeOrCuid(database: Database, id: string) {
    return database.db
      .selectFrom('clients')
      .select(CARD)
      .where('clients.is_anonymous', '=', false)
      .where((eb) => eb.or([eb('clients.ucode', '=', id), eb('clients.ucode', '=', id.toUpperCase()), eb('clients.cuid', '=', id)]))
      .orderBy((eb) => eb.case().when('clients.ucode', '=', id).then(0).else(1).end())
      .limit(1)
      .executeTakeFirst();
  },
  async findCard(database: Database, cuid: string) {
    return database.db.selectFrom('clients').select(CARD).where('clients.cuid', '=', cuid).executeTakeFirst();
  },
  async findUcode(database: Database, cuid: string): Promise<string | null | undefined> {
    const row = await database.db.selectFrom('clients').select('ucode').where('cuid', '=', cuid).executeTakeFirst();
    return row ? row.ucode : undefined;
  },
  /** Sets the ucode only if the client has none; returns the ucode now stored. Throws on a unique clash. */
  async setUcodeIfMissing(database: Database, cuid: string, ucode: string): Promise<string | null> {
    await database.db.updateTable('clients').set({ ucode }).where('cuid', '=', cuid).where('ucode', 'is', null).execute();
    return (await referralsRepository.findUcode(database, cuid)) ?? null;
  },
  /** Who referred this client, or undefined. */
  async findReferral(database: Database, referredCuid: string) {
    return database.db.selectFrom('referrals').selectAll().where('referred_cuid', '=', referredCuid).executeTakeFirst();
  },
  /** Inserts the referral unless the client already has a referrer; returns the row inserted, or undefined. */
  async insertOnce(database: Database, referredCuid: string, referrerCuid: string) {
    return database.db
      .insertInto('referrals')
      .values({ referred_cuid: referredCuid, referrer_cuid: referrerCuid })
      .onConflict((oc) => oc.column('referred_cuid').doNothing())
      .returning(['referrer_cuid', 'created_at'])
      .executeTakeFirst();
  },
  async countByReferrer(database: Database, referrerCuid: string): Promise<number> {
    const row = await database.db
      .selectFrom('referrals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('referrer_cuid', '=', referrerCuid)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },
  /** One page of the people this client referred, newest first, with their public fields. */
  async listByReferrer(database: Database, referrerCuid: string, limit: number, offset: number) {
    return database.db
      .selectFrom('referrals')
      .innerJoin('clients', 'clients.cuid', 'referrals.referred_cuid')
      .select(['clients.cuid', 'clients.nickname', 'clients.profile_photo_name', 'referrals.created_at'])
      .where('referrals.referrer_cuid', '=', referrerCuid)
      .orderBy('referrals.created_at', 'desc')
      .orderBy('referrals.referred_cuid')
      .limit(limit)
      .offset(offset)
      .execute();
  },
};

export type TClientCardRow = { cuid: string; ucode: string | null; nickname: string | null; profile_photo_name: string | null };
