import type { Database } from '@nj/db';
import { INTEGRATION_MESSAGES as M } from '@nj/contracts';
import type { MessagingConfig } from '../messaging/messaging-config.ts';
import { renderEmail } from '../messaging/render-email.ts';
import { sendEmail } from '../messaging/send-email.ts';
import { freshnessRepository } from './freshness-repository.ts';
import { FRESHNESS, freshnessStep } from './freshness-rules.ts';

/** Daily job of the freshness rule (America/Mexico_City 10:10). */
export const FRESHNESS_JOB = 'listings.freshness';
/** Listings handled per run (the rest the next day). */
const PER_RUN = 2000;

/** The owner's way back to the listing: /mis-propiedades, where its 'Sigue disponible' button is. */
export function reconfirmUrl(publicUrl: string, puid: string): string {
  return `${publicUrl}/mis-propiedades?reconfirmar=${encodeURIComponent(puid)}`;
}

/**
 * One run of the freshness rule (freshness-rules.ts): for every owned, unsynced, active listing past its days, sends
 * the due reminder by e-mail (through the outbox/job queue, in the transaction that records it) or pauses it and
 * tells the owner. A listing reconfirmed while the run works is left alone (each write checks the clock it read).
 * Synced listings are not reminded: their provider's sync deactivates what the source no longer publishes.
 * @returns how many reminders went out and how many listings were paused
 */
export async function runFreshness(deps: { database: Database; messaging: MessagingConfig; publicUrl: string }, now = new Date()): Promise<{ reminded: number; paused: number }> {
  const out = { reminded: 0, paused: 0 };
  const stale = await freshnessRepository.listStale(deps.database.db, now, FRESHNESS.rentDays, FRESHNESS.saleDays, PER_RUN);
  for (const l of stale) {
    const step = freshnessStep(l, now);
    if (!step) continue;
    const url = reconfirmUrl(deps.publicUrl, l.puid);
    const days = Math.floor((now.getTime() - new Date(l.reconfirmed_at).getTime()) / 86_400_000);
    await deps.database.db.transaction().execute(async (trx) => {
      if (step === 'pause') {
        if (!(await freshnessRepository.pause(trx, l.puid, l.reconfirmed_at))) return;
        out.paused++;
        if (l.email) {
          const body = renderEmail({ title: M.pausedSubject, paragraphs: [M.pausedBody(l.title)], button: { label: M.reminderAction, url } });
          await sendEmail(deps.messaging, { to: l.email, subject: M.pausedSubject, ...body, links: [url] }, { db: trx });
        }
        return;
      }
      const n = step === 'remind1' ? 1 : 2;
      if (!(await freshnessRepository.markReminded(trx, l.puid, n, l.reconfirmed_at))) return;
      out.reminded++;
      if (l.email) {
        const paragraphs = n === 2 ? [M.reminderBody(l.title, days), M.reminderLast] : [M.reminderBody(l.title, days)];
        const body = renderEmail({ title: M.reminderSubject, paragraphs, button: { label: M.reminderAction, url } });
        await sendEmail(deps.messaging, { to: l.email, subject: M.reminderSubject, ...body, links: [url] }, { db: trx });
      }
    });
  }
  return out;
}
