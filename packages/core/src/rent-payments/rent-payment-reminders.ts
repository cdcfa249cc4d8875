import { RENT_PAYMENTS_MESSAGES as M } from '@nj/contracts';
import type { Database } from '@nj/db';
import { enqueue } from '../jobs/enqueue.ts';
import type { JobContext, JobDefinition } from '../jobs/job-worker.ts';
import type { JobExecutor } from '../jobs/jobs-repository.ts';
import type { MessagingConfig } from '../messaging/messaging-config.ts';
import { renderEmail } from '../messaging/render-email.ts';
import { sendEmail } from '../messaging/send-email.ts';
import { transactionsRepository } from '../payments/transactions-repository.ts';
import { addDays, dayInZone, zonedToUtc } from '../rents/zoned-time.ts';

/** Job name of one payment reminder. Payload: RentReminderPayload. */
export const RENT_PAYMENT_REMINDER_JOB = 'rent-payments.remind';
/** Reminders go at this Mexico City hour: three days before the due day and on it. */
export const REMINDER_HOUR = '09:00';
/** Days before the due day of the first reminder. */
export const REMINDER_DAYS_BEFORE = 3;
const ZONE = 'America/Mexico_City';

/** `{ ruid, dueDay, when }`: the rent, the due day ('YYYY-MM-DD', Mexico City) and which reminder. */
export type RentReminderPayload = { ruid: string; dueDay: string; when: 'before' | 'due' };

/**
 * Enqueues in `trx` the reminders of rent `ruid` for each due day: at 09:00 Mexico City three days before and on the
 * day; moments already past are skipped (the first payment, due on the signing day, gets none: the page asks for
 * it). Keyed by rent, day and kind, so a second call adds nothing.
 * @returns how many jobs were added
 */
export async function enqueueRentReminders(trx: JobExecutor, ruid: string, dueDays: string[], now: Date): Promise<number> {
  let added = 0;
  for (const dueDay of dueDays) {
    for (const [when, day] of [['before', addDays(dueDay, -REMINDER_DAYS_BEFORE)], ['due', dueDay]] as const) {
      const runAt = zonedToUtc(day, REMINDER_HOUR, ZONE);
      if (!runAt || runAt.getTime() <= now.getTime()) continue;
      const payload: RentReminderPayload = { ruid, dueDay, when };
      if ((await enqueue(trx, RENT_PAYMENT_REMINDER_JOB, payload, { key: `${ruid}:${dueDay}:${when}`, runAt })) !== null) added += 1;
    }
  }
  return added;
}

/** What the reminder job needs: the database, e-mail settings and the site's public URL for the pay link. */
export type RentReminderDeps = { database: Database; messaging: MessagingConfig; publicUrl: string };

/** Integer centavos → '$12,345.67 MXN'. */
export function formatMxn(cents: number): string {
  return `${new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' }).format(cents / 100)} MXN`;
}

/**
 * The RENT_PAYMENT_REMINDER_JOB: e-mails the renter (the payer) the amount still pending on that due day with a link
 * to the rent's Pagos tab. Nothing when every transaction of that day is paid (or none is pending), or the renter
 * has no e-mail. The e-mail is enqueued in the transaction that completes this job, so it is sent once.
 */
export function rentReminderJob(deps: RentReminderDeps): JobDefinition {
  return {
    maxAttempts: 5,
    handler: async (payload: RentReminderPayload, ctx: JobContext) => {
      if (!payload || typeof payload.ruid !== 'string' || typeof payload.dueDay !== 'string') return;
      const rows = await transactionsRepository.listByRent(deps.database, payload.ruid);
      const pending = rows.filter((r) => r.tstatus === 'pending' && r.duedate && dayInZone(r.duedate.getTime(), ZONE) === payload.dueDay);
      if (pending.length === 0) return;
      const renter = await deps.database.db.selectFrom('rents').innerJoin('clients', 'clients.cuid', 'rents.renter_cuid')
        .leftJoin('properties', 'properties.puid', 'rents.puid')
        .select(['clients.email', 'clients.cuid', 'properties.title']).where('rents.ruid', '=', payload.ruid).where('rents.renter_cuid', '=', pending[0]!.cuid)
        .executeTakeFirst();
      if (!renter?.email) return;
      const amount = formatMxn(pending.reduce((s, r) => s + r.amountCents, 0));
      const title = renter.title ?? '';
      const url = `${deps.publicUrl}/propiedades-contactadas/${encodeURIComponent(payload.ruid)}?section=pagos`;
      const [y, m, d] = payload.dueDay.split('-').map(Number) as [number, number, number];
      const due = new Intl.DateTimeFormat('es-MX', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
      const subject = payload.when === 'due' ? M.dueTodaySubject : M.reminderSubject;
      const body = renderEmail({
        title: subject,
        paragraphs: [payload.when === 'due' ? M.dueTodayBody(amount, title) : M.reminderBody(amount, due, title), M.reminderHint],
        button: { label: M.payNow, url },
      });
      await ctx.completeWith(async (trx) => {
        await sendEmail(deps.messaging, { to: renter.email!, subject, ...body, links: [url] }, { db: trx });
      });
    },
  };
}
