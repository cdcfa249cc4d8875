import { sql, type Kysely } from 'kysely';
import type { Database, DB } from '@nj/db';
import { STATS_MAX_VIEWS_PER_ITEM, VIEW_REPEAT_WINDOW_MS } from '@nj/contracts';
import { propertiesRepository } from '../properties/properties-repository.ts';

/** What is counted: the last-seen kind, its daily column, and the properties counter it also raises (if any). */
export const STAT_KINDS = {
  view: { daily: 'views', counter: 'views' },
  appear: { daily: 'appears', counter: null },
  share: { daily: 'shares', counter: 'shares' },
} as const;
export type StatKind = keyof typeof STAT_KINDS;

/** Today's calendar day in Mexico City, as SQL. */
export const MX_TODAY = sql`(now() AT TIME ZONE 'America/Mexico_City')::date`;

type Executor = Kysely<DB>;

/**
 * SQL of listing statistics (migration 009). The properties counters and owner totals are written and read through
 * propertiesRepository (issue 8 §3); `credit` still joins properties in its one statement to skip unknown and own
 * listings. Counter writes keep properties.updated_at (nj.counter_update).
 */
export const statsRepository = {
  /** Records push `pushId` of `cuid`; false when it was already recorded (a retry). Run inside the push's transaction. */
  async claimPush(db: Executor, cuid: string, pushId: string, kind: string): Promise<boolean> {
    const r = await sql<{ ok: number }>`INSERT INTO stats_pushes (cuid, push_id, kind) VALUES (${cuid}, ${pushId}, ${kind})
      ON CONFLICT (cuid, push_id) DO NOTHING RETURNING 1 AS ok`.execute(db);
    return r.rows.length === 1;
  },

  /**
   * Counts `items` (puid → count reported by the client) for `cuid` as `kind`, in one statement chain:
   * unknown puids and the client's own listings are skipped; an item last counted for this client less than
   * VIEW_REPEAT_WINDOW_MS (5 s) ago is ignored; otherwise it is credited min(count, 12, one per 5 s elapsed since
   * the previous count) (first time: min(count, 12)). Raises today's daily column and the properties counter.
   * Returns the credited count per puid (only credited ones). Run inside a transaction.
   */
  async credit(db: Executor, cuid: string, kind: StatKind, items: Map<string, number>): Promise<Map<string, number>> {
    const puids = [...items.keys()];
    const counts = puids.map((p) => Math.max(0, Math.floor(items.get(p) ?? 0)));
    if (puids.length === 0) return new Map();
    const { daily, counter } = STAT_KINDS[kind];
    const windowSecs = VIEW_REPEAT_WINDOW_MS / 1000;
    const max = STATS_MAX_VIEWS_PER_ITEM;
    await sql`SELECT set_config('nj.counter_update', 'on', true)`.execute(db);
    const r = await sql<{ puid: string; c: number }>`
      WITH input AS (
        SELECT DISTINCT ON (puid) puid, n FROM unnest(${puids}::text[], ${counts}::int[]) AS t(puid, n)
        ORDER BY puid, n DESC
      ), valid AS (
        SELECT i.puid, i.n FROM input i JOIN properties p ON p.puid = i.puid
        WHERE i.n > 0 AND p.owner_cuid IS DISTINCT FROM ${cuid}
      ), seen AS (
        INSERT INTO listing_last_seen AS s (cuid, kind, puid, last_seen)
        SELECT ${cuid}, ${kind}, puid, now() FROM valid
        ON CONFLICT (cuid, kind, puid) DO UPDATE SET prev_seen = s.last_seen, last_seen = now()
          WHERE s.last_seen <= now() - make_interval(secs => ${windowSecs})
        RETURNING s.puid, s.prev_seen
      ), credit AS (
        SELECT v.puid, least(v.n, ${max}::int, CASE WHEN seen.prev_seen IS NULL THEN ${max}::int
          ELSE greatest(1, floor(extract(epoch FROM now() - seen.prev_seen) / ${windowSecs}))::int END) AS c
        FROM seen JOIN valid v ON v.puid = seen.puid
      ), daily AS (
        INSERT INTO listing_daily_stats AS d (puid, day, ${sql.ref(daily)})
        SELECT puid, ${MX_TODAY}, c FROM credit
        ON CONFLICT (puid, day) DO UPDATE SET ${sql.ref(daily)} = d.${sql.ref(daily)} + excluded.${sql.ref(daily)}
      )
      SELECT puid, c FROM credit`.execute(db);
    const credited = new Map(r.rows.map((row) => [row.puid, Number(row.c)]));
    if (counter) await propertiesRepository.raiseCounter(db, counter, credited);
    await sql`SELECT set_config('nj.counter_update', 'off', true)`.execute(db);
    return credited;
  },

  /** Adds one inquiry and one lead to `puid` today and to properties.inquiries. Run inside a transaction. */
  async countLead(db: Executor, puid: string): Promise<void> {
    await sql`SELECT set_config('nj.counter_update', 'on', true)`.execute(db);
    await sql`INSERT INTO listing_daily_stats AS d (puid, day, inquiries, leads) VALUES (${puid}, ${MX_TODAY}, 1, 1)
      ON CONFLICT (puid, day) DO UPDATE SET inquiries = d.inquiries + 1, leads = d.leads + 1`.execute(db);
    await propertiesRepository.addInquiry(db, puid);
    await sql`SELECT set_config('nj.counter_update', 'off', true)`.execute(db);
  },

  /** The last `days` Mexico City days of `puid`, oldest first, zero-filled; `day` as YYYY-MM-DD. */
  async series(database: Database, puid: string, days: number) {
    const r = await sql<{ day: string; appears: number; views: number; likes: number; inquiries: number; leads: number; shares: number }>`
      SELECT to_char(g.day, 'YYYY-MM-DD') AS day, coalesce(d.appears, 0) AS appears, coalesce(d.views, 0) AS views,
        coalesce(d.likes, 0) AS likes, coalesce(d.inquiries, 0) AS inquiries, coalesce(d.leads, 0) AS leads,
        coalesce(d.shares, 0) AS shares
      FROM generate_series(${MX_TODAY} - (${days}::int - 1), ${MX_TODAY}, interval '1 day') AS g(day)
      LEFT JOIN listing_daily_stats d ON d.puid = ${puid} AND d.day = g.day::date
      ORDER BY g.day`.execute(database.db);
    return r.rows.map((row) => ({
      day: row.day, appears: Number(row.appears), views: Number(row.views), likes: Number(row.likes),
      inquiries: Number(row.inquiries), leads: Number(row.leads), shares: Number(row.shares),
    }));
  },
};
