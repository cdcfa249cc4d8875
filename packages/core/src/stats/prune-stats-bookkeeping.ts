import { sql } from 'kysely';
import type { Database } from '@nj/db';

/** Job (cron) name of the view counter's bookkeeping prune. */
export const PRUNE_STATS_JOB = 'stats.prune';

/**
 * Daily upkeep of the view counter's bookkeeping (spec 01 §4 "Viewing", §7 "Views push"; migration 009), run as a
 * scheduled job (issue 8 §4): drops applied push ids (`stats_pushes`) and per-client last-seen marks
 * (`listing_last_seen`) older than `olderThanHours`. Neither changes a count: a push is retried within seconds,
 * not a day later, and a client last counted a day ago would be credited the per-push cap (12) either way.
 * The counts themselves (`listing_daily_stats`, `properties.views`) are kept.
 *
 * @returns rows deleted from each table
 * @throws database errors
 */
export async function pruneStatsBookkeeping(database: Database, options: { olderThanHours: number }): Promise<{ pushes: number; lastSeen: number }> {
  const hours = options.olderThanHours;
  const pushes = await sql`DELETE FROM stats_pushes WHERE created_at < now() - make_interval(hours => ${hours})`.execute(database.db);
  const lastSeen = await sql`DELETE FROM listing_last_seen WHERE last_seen < now() - make_interval(hours => ${hours})`.execute(database.db);
  return { pushes: Number(pushes.numAffectedRows ?? 0), lastSeen: Number(lastSeen.numAffectedRows ?? 0) };
}
