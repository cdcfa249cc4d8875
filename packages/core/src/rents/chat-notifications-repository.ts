import type { Database } from '@nj/db';
import type { JobExecutor } from '../jobs/jobs-repository.ts';

/** A party of a rent as a notification needs them: address, verified phone, display name. */
export type NotifiedParty = {
  cuid: string; email: string | null; nickname: string | null; phone_number: string | null; phone_country_code: string | null;
  is_phone_verified: boolean;
};

const PARTY_COLUMNS = ['cuid', 'email', 'nickname', 'phone_number', 'phone_country_code', 'is_phone_verified'] as const;

/** SQL of the chat's notifications (table chat_notifications, migration 019; issue 11 'Offline notification'). */
export const chatNotificationsRepository = {
  /**
   * Takes the right to notify `cuid` about conversation `ruid` at `now`: true (and last_notified_at = now) unless the
   * recipient muted it or was notified less than `minGapMs` before `now`. One statement, so two jobs racing for the
   * same conversation cannot both win.
   */
  async claim(db: JobExecutor, ruid: string, cuid: string, now: Date, minGapMs: number): Promise<boolean> {
    const row = await db.insertInto('chat_notifications').values({ ruid, cuid, last_notified_at: now })
      .onConflict((oc) => oc.columns(['ruid', 'cuid']).doUpdateSet({ last_notified_at: now })
        .where('chat_notifications.muted_at', 'is', null)
        .where((eb) => eb.or([
          eb('chat_notifications.last_notified_at', 'is', null),
          eb('chat_notifications.last_notified_at', '<=', new Date(now.getTime() - minGapMs)),
        ])))
      .returning('ruid').executeTakeFirst();
    return row !== undefined;
  },

  /** True when `cuid` turned off the notifications of `ruid`, or was notified less than `minGapMs` before `now`. */
  async isQuiet(db: JobExecutor, ruid: string, cuid: string, now: Date, minGapMs: number): Promise<boolean> {
    const row = await db.selectFrom('chat_notifications').select(['muted_at', 'last_notified_at'])
      .where('ruid', '=', ruid).where('cuid', '=', cuid).executeTakeFirst();
    if (!row) return false;
    return row.muted_at !== null || (row.last_notified_at !== null && new Date(row.last_notified_at).getTime() > now.getTime() - minGapMs);
  },

  /** True when `cuid` turned off the notifications of `ruid`. */
  async isMuted(db: JobExecutor, ruid: string, cuid: string): Promise<boolean> {
    const row = await db.selectFrom('chat_notifications').select('muted_at').where('ruid', '=', ruid).where('cuid', '=', cuid).executeTakeFirst();
    return row?.muted_at != null;
  },

  /** Turns off the notifications of `ruid` for `cuid` (kept: a second call changes nothing). */
  async mute(db: JobExecutor, ruid: string, cuid: string, now: Date): Promise<void> {
    await db.insertInto('chat_notifications').values({ ruid, cuid, muted_at: now })
      .onConflict((oc) => oc.columns(['ruid', 'cuid']).doUpdateSet({ muted_at: (eb) => eb.fn.coalesce('chat_notifications.muted_at', eb.val(now)) }))
      .execute();
  },

  /** A rent with its listing's title and both parties (null when the rent is gone). */
  async rentWithParties(database: Database, ruid: string): Promise<{ ruid: string; puid: string; step: string; title: string; renter: NotifiedParty; owner: NotifiedParty } | null> {
    const rent = await database.db.selectFrom('rents as r').innerJoin('properties as p', 'p.puid', 'r.puid')
      .select(['r.ruid', 'r.puid', 'r.step', 'r.renter_cuid', 'r.owner_cuid', 'p.title']).where('r.ruid', '=', ruid).executeTakeFirst();
    if (!rent) return null;
    const parties = await database.db.selectFrom('clients').select(PARTY_COLUMNS).where('cuid', 'in', [rent.renter_cuid, rent.owner_cuid]).execute();
    const renter = parties.find((p) => p.cuid === rent.renter_cuid);
    const owner = parties.find((p) => p.cuid === rent.owner_cuid);
    if (!renter || !owner) return null;
    return { ruid: rent.ruid, puid: rent.puid, step: rent.step, title: rent.title ?? '', renter, owner };
  },
};
