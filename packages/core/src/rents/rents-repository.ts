import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database, DB } from '@nj/db';

/** A rent row (table rents, migration 018). */
export type RentRow = {
  ruid: string; puid: string; renter_cuid: string; owner_cuid: string; step: string; price: number | null;
  maintenance_fee: number | null; discard_reason: string | null; created_at: Date; updated_at: Date; last_activity_at: Date;
  blocked_by: string | null; blocked_at: Date | null;
};

/** A chat message as the API returns it (spec 03 §3 'Chat message'); `seq` orders a conversation. */
export type ChatMessage = {
  muid: string; ruid: string; from_cuid: string | null; to_cuid: string | null; cat: string; text: string;
  dynamic_content: Record<string, unknown> | null; attachment: Record<string, unknown> | null; seen: boolean;
  seen_at: Date | null; client_message_id: string | null; created_at: Date; seq: string;
};

const MESSAGE_COLUMNS = [
  'muid', 'ruid', 'from_cuid', 'to_cuid', 'cat', 'text', 'dynamic_content', 'attachment', 'seen', 'seen_at',
  'client_message_id', 'created_at', 'seq',
] as const;

/** A new id with a prefix ('r_' rents, 'm_' messages, 'a_' appointments). */
export function newId(prefix: string): string {
  return `${prefix}${randomBytes(10).toString('hex')}`;
}

/** SQL of rents and their messages (migration 018; issue 11). */
export const rentsRepository = {
  /** How many rents (people who contacted it, any step) each of `puids` has whose owner is `ownerCuid`; absent = 0. */
  async countByListing(database: Database, ownerCuid: string, puids: readonly string[]): Promise<Map<string, number>> {
    if (puids.length === 0) return new Map();
    const rows = await database.db.selectFrom('rents').select(['puid', (eb) => eb.fn.countAll<string>().as('n')])
      .where('owner_cuid', '=', ownerCuid).where('puid', 'in', [...puids]).groupBy('puid').execute();
    return new Map(rows.map((r) => [r.puid, Number(r.n)]));
  },

  /** The message `from_cuid` sent with client message id `clientMessageId` (a resend), if any. */
  async findByClientMessageId(database: Database, fromCuid: string, clientMessageId: string): Promise<ChatMessage | undefined> {
    return database.db.selectFrom('rent_messages').select(MESSAGE_COLUMNS)
      .where('from_cuid', '=', fromCuid).where('client_message_id', '=', clientMessageId).executeTakeFirst();
  },

  /** One rent by ruid. */
  async find(database: Database, ruid: string): Promise<RentRow | undefined> {
    return database.db.selectFrom('rents').selectAll().where('ruid', '=', ruid).executeTakeFirst();
  },

  /** The rent of `renter` on listing `puid`, if any (one per pair: rents_puid_renter_idx). */
  async findByListingAndRenter(database: Database, puid: string, renterCuid: string): Promise<RentRow | undefined> {
    return database.db.selectFrom('rents').selectAll().where('puid', '=', puid).where('renter_cuid', '=', renterCuid).executeTakeFirst();
  },

  /** The rents of listing `puid` at one of `steps`, oldest first (a listing's conversations, without their messages). */
  async listByListingInSteps(database: Database, puid: string, steps: readonly string[]): Promise<RentRow[]> {
    if (steps.length === 0) return [];
    return database.db.selectFrom('rents').selectAll().where('puid', '=', puid).where('step', 'in', [...steps]).orderBy('ruid').execute();
  },

  /** Creates a rent at step hello, or returns the existing one for the pair (a concurrent contact does not fail). */
  async insertOrGet(database: Database, rent: { puid: string; renter_cuid: string; owner_cuid: string; price: number | null; maintenance_fee: number | null }): Promise<{ rent: RentRow; created: boolean }> {
    const inserted = await database.db.insertInto('rents').values({ ruid: newId('r_'), ...rent })
      .onConflict((oc) => oc.columns(['puid', 'renter_cuid']).doNothing()).returningAll().executeTakeFirst();
    if (inserted) return { rent: inserted, created: true };
    return { rent: (await rentsRepository.findByListingAndRenter(database, rent.puid, rent.renter_cuid))!, created: false };
  },

  /** Moves a rent from step `from` to `to` (compare-and-set); false when another request moved it first. */
  /**
   * Blocks rent `ruid` for `by` (when not blocked yet), or unblocks it (`by` null; only when `unblocker` blocked it).
   * @returns true when the row changed
   */
  async setBlocked(database: Database, ruid: string, change: { by: string } | { by: null; unblocker: string }): Promise<boolean> {
    let query = database.db.updateTable('rents')
      .set({ blocked_by: change.by, blocked_at: change.by ? new Date() : null, updated_at: new Date() }).where('ruid', '=', ruid);
    query = change.by !== null ? query.where('blocked_by', 'is', null) : query.where('blocked_by', '=', change.unblocker);
    return Number((await query.executeTakeFirst()).numUpdatedRows) === 1;
  },

  async setStep(database: Database, ruid: string, from: string, to: string, discardReason?: string): Promise<boolean> {
    const result = await database.db.updateTable('rents')
      .set({ step: to, updated_at: new Date(), last_activity_at: new Date(), ...(discardReason !== undefined ? { discard_reason: discardReason } : {}) })
      .where('ruid', '=', ruid).where('step', '=', from).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /**
   * Stores a message and bumps the rent's last activity. With a client_message_id already stored by the same
   * sender, stores nothing and returns the earlier message (`duplicate: true`). `onInserted` runs in the same
   * transaction after a new message is stored (the offline notification's job is enqueued there).
   */
  async insertMessage(database: Database, message: {
    ruid: string; from_cuid: string | null; to_cuid: string | null; cat: 'msg' | 'system' | 'appt' | 'attachment'; text: string;
    dynamic_content?: Record<string, unknown> | null; client_message_id?: string | null; attachment?: Record<string, unknown> | null;
  }, onInserted?: (trx: Kysely<DB>, message: ChatMessage) => Promise<unknown>): Promise<{ message: ChatMessage; duplicate: boolean }> {
    const values = {
      muid: newId('m_'), ruid: message.ruid, from_cuid: message.from_cuid, to_cuid: message.to_cuid, cat: message.cat,
      text: message.text, dynamic_content: message.dynamic_content ? JSON.stringify(message.dynamic_content) : null,
      attachment: message.attachment ? JSON.stringify(message.attachment) : null,
      client_message_id: message.client_message_id ?? null,
    };
    if (!onInserted) {
      // The common case (the receiver is connected): one statement — the insert and the rent's activity time together.
      const inserted = await database.db
        .with('ins', (db) => db.insertInto('rent_messages').values(values)
          .onConflict((oc) => oc.columns(['from_cuid', 'client_message_id']).where('client_message_id', 'is not', null).doNothing())
          .returning(MESSAGE_COLUMNS))
        .with('touched', (db) => db.updateTable('rents').set({ last_activity_at: new Date() })
          .where('ruid', '=', message.ruid).where((eb) => eb.exists(eb.selectFrom('ins').select('muid'))).returning('ruid'))
        .selectFrom('ins').selectAll().executeTakeFirst();
      if (inserted) return { message: inserted as ChatMessage, duplicate: false };
      const earlier = await database.db.selectFrom('rent_messages').select(MESSAGE_COLUMNS)
        .where('from_cuid', '=', message.from_cuid).where('client_message_id', '=', message.client_message_id!).executeTakeFirstOrThrow();
      return { message: earlier, duplicate: true };
    }
    return database.db.transaction().execute(async (trx) => {
      const inserted = await trx.insertInto('rent_messages').values({
        muid: newId('m_'), ruid: message.ruid, from_cuid: message.from_cuid, to_cuid: message.to_cuid, cat: message.cat,
        text: message.text, dynamic_content: message.dynamic_content ? JSON.stringify(message.dynamic_content) : null,
        attachment: message.attachment ? JSON.stringify(message.attachment) : null,
        client_message_id: message.client_message_id ?? null,
      }).onConflict((oc) => oc.columns(['from_cuid', 'client_message_id']).where('client_message_id', 'is not', null).doNothing())
        .returning(MESSAGE_COLUMNS).executeTakeFirst();
      if (!inserted) {
        const earlier = await trx.selectFrom('rent_messages').select(MESSAGE_COLUMNS)
          .where('from_cuid', '=', message.from_cuid).where('client_message_id', '=', message.client_message_id!).executeTakeFirstOrThrow();
        return { message: earlier, duplicate: true };
      }
      await trx.updateTable('rents').set({ last_activity_at: new Date() }).where('ruid', '=', message.ruid).execute();
      if (onInserted) await onInserted(trx, inserted);
      return { message: inserted, duplicate: false };
    });
  },

  /** Messages of a rent in order; with `afterMuid`, only those stored after it (reconnects, ?last). At most `limit`, newest kept. */
  async listMessages(database: Database, ruid: string, afterMuid: string | undefined, limit: number): Promise<ChatMessage[]> {
    let query = database.db.selectFrom('rent_messages').select(MESSAGE_COLUMNS).where('ruid', '=', ruid);
    if (afterMuid) {
      query = query.where('seq', '>', (eb) => eb.selectFrom('rent_messages').select('seq').where('muid', '=', afterMuid).where('ruid', '=', ruid));
    }
    const rows = await query.orderBy('seq', 'desc').limit(limit).execute();
    return rows.reverse();
  },

  /** Marks every unseen message to `cuid` in rent `ruid` as seen now; returns their muids. */
  async markSeen(database: Database, ruid: string, cuid: string): Promise<string[]> {
    const rows = await database.db.updateTable('rent_messages').set({ seen: true, seen_at: new Date() })
      .where('ruid', '=', ruid).where('to_cuid', '=', cuid).where('seen', '=', false).returning('muid').execute();
    return rows.map((r) => r.muid);
  },

  /** One message by muid. */
  async findMessage(database: Database, muid: string): Promise<ChatMessage | undefined> {
    return database.db.selectFrom('rent_messages').select(MESSAGE_COLUMNS).where('muid', '=', muid).executeTakeFirst();
  },

  /** Sets dynamic_content.selected_option of a message. */
  async selectOption(database: Database, muid: string, option: string): Promise<void> {
    await database.db.updateTable('rent_messages')
      .set({ dynamic_content: sql`jsonb_set(coalesce(dynamic_content, '{}'::jsonb), '{selected_option}', to_jsonb(${option}::text))` as never })
      .where('muid', '=', muid).execute();
  },

  /**
   * The rents of `cuid` (as renter, owner, or either) with the listing's title, photo and the unread count, newest
   * activity first; `activeSteps` keeps those steps; `unreadOnly` those with a message to `cuid` not yet seen (the
   * partial index rent_messages_unread_idx); `puid` those of one listing. Each row carries both parties' public
   * nickname and photo (clients.nickname, profile_photo_name: the columns advertiserPolicy makes public). Paged by
   * `limit`/`offset`.
   */
  async listForClient(database: Database, cuid: string, options: {
    side: 'renter' | 'owner' | 'any'; activeSteps?: readonly string[]; ruid?: string; puid?: string; unreadOnly?: boolean; limit: number; offset: number;
  }) {
    let query = database.db.selectFrom('rents as r').innerJoin('properties as p', 'p.puid', 'r.puid')
      .leftJoin('clients as rc', 'rc.cuid', 'r.renter_cuid').leftJoin('clients as oc', 'oc.cuid', 'r.owner_cuid')
      .select([
        'r.ruid', 'r.puid', 'r.step', 'r.renter_cuid', 'r.owner_cuid', 'r.price', 'r.maintenance_fee', 'r.created_at', 'r.blocked_by',
        'r.last_activity_at', 'p.title', 'p.slug', 'p.images', 'p.rent_price',
        'rc.nickname as renter_nickname', 'rc.profile_photo_name as renter_photo',
        'oc.nickname as owner_nickname', 'oc.profile_photo_name as owner_photo',
        (eb) => eb.selectFrom('rent_messages as m').select((e) => e.fn.countAll<string>().as('n'))
          .whereRef('m.ruid', '=', 'r.ruid').where('m.to_cuid', '=', cuid).where('m.seen', '=', false).as('unread'),
        (eb) => eb.selectFrom('rent_messages as m').select('m.text').whereRef('m.ruid', '=', 'r.ruid').orderBy('m.seq', 'desc').limit(1).as('last_text'),
      ]);
    if (options.side === 'renter') query = query.where('r.renter_cuid', '=', cuid);
    else if (options.side === 'owner') query = query.where('r.owner_cuid', '=', cuid);
    else query = query.where((eb) => eb.or([eb('r.renter_cuid', '=', cuid), eb('r.owner_cuid', '=', cuid)]));
    if (options.activeSteps) query = query.where('r.step', 'in', [...options.activeSteps]);
    if (options.ruid) query = query.where('r.ruid', '=', options.ruid);
    if (options.puid) query = query.where('r.puid', '=', options.puid);
    if (options.unreadOnly) {
      query = query.where((eb) => eb.exists(eb.selectFrom('rent_messages as u').select('u.muid')
        .whereRef('u.ruid', '=', 'r.ruid').where('u.to_cuid', '=', cuid).where('u.seen', '=', false)));
    }
    return query.orderBy('r.last_activity_at', 'desc').orderBy('r.ruid').limit(options.limit).offset(options.offset).execute();
  },
};

/** A message with its times as ISO strings, as the API and the socket send it (ZChatMessage). */
export function messageToWire(m: ChatMessage) {
  return {
    muid: m.muid, ruid: m.ruid, from_cuid: m.from_cuid, to_cuid: m.to_cuid, cat: m.cat, text: m.text,
    dynamic_content: m.dynamic_content, attachment: m.attachment, seen: m.seen,
    seen_at: m.seen_at ? new Date(m.seen_at).toISOString() : null, client_message_id: m.client_message_id,
    created_at: new Date(m.created_at).toISOString(),
  };
}
