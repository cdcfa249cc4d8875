import { sql } from 'kysely';
import type { Database } from '@nj/db';
import { crmTables } from './crm-tables.ts';

/** Job name of the response-time badge's computation (cron in apps/server/src/jobs/job-handlers.ts). */
export const RESPONSE_TIMES_JOB = 'crm.response-times';
/** The window of conversations counted, and after how long an unanswered one counts as its age. */
export const RESPONSE_WINDOW_DAYS = 30;
export const UNANSWERED_AFTER_SECONDS = 24 * 3600;

/**
 * The response-time badge's numbers (issue 16 'Response-time badge'; decision 032): for every client who answers
 * conversations (rents.owner_cuid: the owner, or the agent a listing is assigned to), the median over the
 * conversations started in the last 30 days before `now` of the seconds from the renter's first message to the
 * answerer's first message after it (system messages left out). A conversation still unanswered after 24 hours
 * counts with its age so far, so ignoring people never earns a fast badge; younger unanswered ones are left out.
 * Replaces agent_response_times in one transaction (clients without conversations in the window lose their row).
 * @returns how many clients have a median now
 */
export async function computeResponseTimes(database: Database, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - RESPONSE_WINDOW_DAYS * 86_400_000);
  const rows = await sql<{ cuid: string; median: number | string; n: number | string }>`
    WITH asked AS (
      SELECT r.ruid, r.owner_cuid,
             (SELECT min(m.created_at) FROM rent_messages m WHERE m.ruid = r.ruid AND m.from_cuid = r.renter_cuid AND m.cat <> 'system') AS asked
      FROM rents r WHERE r.created_at >= ${since} AND r.created_at <= ${now}
    ), waited AS (
      SELECT a.owner_cuid,
             extract(epoch FROM (coalesce(
               (SELECT min(o.created_at) FROM rent_messages o WHERE o.ruid = a.ruid AND o.from_cuid = a.owner_cuid AND o.cat <> 'system' AND o.created_at >= a.asked AND o.created_at <= ${now}),
               ${now}::timestamptz) - a.asked)) AS secs,
             EXISTS (SELECT 1 FROM rent_messages o WHERE o.ruid = a.ruid AND o.from_cuid = a.owner_cuid AND o.cat <> 'system' AND o.created_at >= a.asked AND o.created_at <= ${now}) AS answered
      FROM asked a WHERE a.asked IS NOT NULL AND a.asked <= ${now}
    )
    SELECT owner_cuid AS cuid, percentile_cont(0.5) WITHIN GROUP (ORDER BY secs) AS median, count(*) AS n
    FROM waited WHERE answered OR secs >= ${UNANSWERED_AFTER_SECONDS}
    GROUP BY owner_cuid`.execute(database.db);
  await database.db.transaction().execute(async (trx) => {
    const k = crmTables(trx);
    await k.deleteFrom('agent_response_times').execute();
    for (const r of rows.rows) {
      await k.insertInto('agent_response_times').values({ cuid: r.cuid, median_seconds: Math.max(0, Math.round(Number(r.median))), samples: Number(r.n), computed_at: now }).execute();
    }
  });
  return rows.rows.length;
}
