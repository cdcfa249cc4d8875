import { CronExpressionParser } from 'cron-parser';

/** A job enqueued by cron: `name` is both the schedule and the job name; `tz` defaults to America/Mexico_City. */
export type JobSchedule = { name: string; cron: string; tz?: string };

export const DEFAULT_SCHEDULE_TZ = 'America/Mexico_City';

/**
 * The first time strictly after `after` that the 5-field (or 6-field, with seconds) cron expression `cron` names,
 * in zone `tz` (cron-parser). Throws when the expression or zone is invalid.
 */
export function nextCronTime(cron: string, after: Date, tz: string = DEFAULT_SCHEDULE_TZ): Date {
  return CronExpressionParser.parse(cron, { currentDate: after, tz }).next().toDate();
}
