import { CHAT_NOTIFICATION_MESSAGES as N, PRODUCT_NAME } from '@nj/contracts';
import type { Database } from '@nj/db';
import { enqueue } from '../jobs/enqueue.ts';
import type { JobContext, JobDefinition } from '../jobs/job-worker.ts';
import type { JobExecutor } from '../jobs/jobs-repository.ts';
import type { EmailMessage, MessagingConfig } from '../messaging/messaging-config.ts';
import { renderEmail } from '../messaging/render-email.ts';
import { sendEmail } from '../messaging/send-email.ts';
import { enqueueNotificationText, verifiedPhoneOf } from '../messaging/send-notification-text.ts';
import { chatNotificationsRepository, type NotifiedParty } from './chat-notifications-repository.ts';
import { buildVisitInvitation } from './visit-invitation.ts';
import { isTimeZone } from './zoned-time.ts';

/** Job names: the confirmation e-mails (with the .ics) of a confirmed visit, and its reminder. Payload: VisitJobPayload. */
export const VISIT_CONFIRMED_JOB = 'appointments.confirmed';
export const VISIT_REMINDER_JOB = 'appointments.remind';
/** The reminder goes this long before the visit starts: two hours, ms (issue 11 'Visits'). */
export const VISIT_REMINDER_BEFORE_MS = 2 * 60 * 60_000;
/** Zone used when an appointment has none (the most populous of Mexico's four). */
const DEFAULT_ZONE = 'America/Mexico_City';

/** `{ auid, st }`: the appointment and the start (ISO instant) it was confirmed for; `renter_time_zone` when known. */
export type VisitJobPayload = { auid: string; st: string; renter_time_zone?: string | null };

/** What the visit jobs need: e-mail and the links' base URL. */
export type VisitNotifyDeps = { database: Database; messaging: MessagingConfig; publicUrl: string };

/**
 * Enqueues, in `db` (the caller's transaction or the database), the confirmation e-mails of a just-confirmed visit
 * (at once) and its reminder at `st` − 2 h (none when that moment has passed: the confirmation is the reminder).
 * Keyed by appointment and start, so a repeated call adds nothing, and a visit confirmed again for another time gets
 * its own jobs (the old time's jobs then find `st` changed and send nothing).
 * @param appointment `{ auid, st }` as confirmed; `renterTimeZone` the renter's IANA zone when the caller knows it
 * @returns the ids of the jobs enqueued (null: already there / not needed)
 */
export async function enqueueVisitNotifications(
  db: JobExecutor, appointment: { auid: string; st: Date }, options: { renterTimeZone?: string | null; now?: Date } = {},
): Promise<{ confirmed: number | null; reminder: number | null }> {
  const st = appointment.st.toISOString();
  const payload: VisitJobPayload = { auid: appointment.auid, st, renter_time_zone: options.renterTimeZone ?? null };
  const confirmed = await enqueue(db, VISIT_CONFIRMED_JOB, payload, { key: `${appointment.auid}:${st}` });
  const remindAt = new Date(appointment.st.getTime() - VISIT_REMINDER_BEFORE_MS);
  const reminder = remindAt.getTime() > (options.now ?? new Date()).getTime()
    ? await enqueue(db, VISIT_REMINDER_JOB, payload, { key: `${appointment.auid}:${st}`, runAt: remindAt })
    : null;
  return { confirmed, reminder };
}

/**
 * A visit's date and time in `zone`, in Spanish, with the zone named, e.g. 'martes, 1 de diciembre de 2026, 10:00
 * (hora de America/Mexico_City)'.
 */
export function formatVisitTime(st: Date, zone: string): string {
  const when = new Intl.DateTimeFormat('es-MX', { timeZone: zone, dateStyle: 'full', timeStyle: 'short', hourCycle: 'h23' }).format(st);
  return `${when} (hora de ${zone})`;
}

type VisitContext = {
  auid: string; st: Date; et: Date; zone: string; title: string; location: string | null; chatUrl: string;
  renter: NotifiedParty; owner: NotifiedParty; renterZone: string;
};

/** The appointment still confirmed for `payload.st` in an open conversation, with what the e-mails say; else null. */
async function loadVisit(deps: VisitNotifyDeps, payload: VisitJobPayload): Promise<VisitContext | null> {
  const appointment = await deps.database.db.selectFrom('appointments').select(['auid', 'ruid', 'st', 'et', 'time_zone', 'status'])
    .where('auid', '=', payload.auid).executeTakeFirst();
  if (!appointment || appointment.status !== 'confirmed' || !appointment.st || !appointment.et) return null;
  if (new Date(appointment.st).getTime() !== Date.parse(payload.st)) return null;
  const rent = await chatNotificationsRepository.rentWithParties(deps.database, appointment.ruid);
  if (!rent || ['owner_discard', 'renter_discard', 'property_invalid'].includes(rent.step)) return null;
  const place = await deps.database.db.selectFrom('properties').select(['street', 'municipality', 'city', 'state'])
    .where('puid', '=', rent.puid).executeTakeFirst();
  const location = place ? [place.street, place.municipality ?? place.city, place.state].filter(Boolean).join(', ') || null : null;
  const zone = appointment.time_zone && isTimeZone(appointment.time_zone) ? appointment.time_zone : DEFAULT_ZONE;
  const renterZone = payload.renter_time_zone && isTimeZone(payload.renter_time_zone) ? payload.renter_time_zone : zone;
  return {
    auid: appointment.auid, st: new Date(appointment.st), et: new Date(appointment.et), zone, title: rent.title, location,
    chatUrl: `${deps.publicUrl}/chat?chat=${encodeURIComponent(rent.ruid)}`, renter: rent.renter, owner: rent.owner, renterZone,
  };
}

const nameOf = (party: NotifiedParty) => party.nickname?.trim() || N.someone;

/** Each party with the other one and the zone their times are shown in (the owner's: the zone the visit was agreed in). */
function sides(visit: VisitContext): { me: NotifiedParty; other: NotifiedParty; zone: string }[] {
  return [
    { me: visit.renter, other: visit.owner, zone: visit.renterZone },
    { me: visit.owner, other: visit.renter, zone: visit.zone },
  ];
}

function senderAddress(from: string | undefined): string {
  return /<([^>]+)>/.exec(from ?? '')?.[1] ?? (from && from.includes('@') ? from.trim() : 'no-responder@localhost');
}

/**
 * The VISIT_CONFIRMED_JOB (issue 11 'Visits'): e-mails both parties that the visit is agreed, with its date and time
 * in their zone (the renter's when the confirmation gave it, else the zone the visit was agreed in), who they will
 * meet, a button to the conversation and the .ics invitation attached (visit-invitation.ts). Nothing when the visit
 * was cancelled or moved meanwhile. The e-mails are enqueued in the transaction that completes this job (once).
 */
export function visitConfirmedJob(deps: VisitNotifyDeps): JobDefinition {
  return {
    maxAttempts: 5,
    handler: async (payload: VisitJobPayload, ctx: JobContext) => {
      const visit = await loadVisit(deps, payload);
      if (!visit) return;
      const emails: EmailMessage[] = [];
      for (const { me, other, zone } of sides(visit)) {
        if (!me.email) continue;
        const when = formatVisitTime(visit.st, zone);
        const ics = buildVisitInvitation({
          auid: visit.auid, st: visit.st, et: visit.et, title: visit.title, location: visit.location, url: visit.chatUrl,
          organizer: { name: PRODUCT_NAME, email: senderAddress(deps.messaging.from) },
          attendees: [{ name: nameOf(me), email: me.email }, ...(other.email ? [{ name: nameOf(other), email: other.email }] : [])],
        });
        const body = renderEmail({
          title: N.visitConfirmedSubject(visit.title),
          paragraphs: [N.visitConfirmedBody(when, visit.title), N.visitWith(nameOf(other)), N.visitInvitationNote],
          button: { label: N.openChat, url: visit.chatUrl },
        });
        emails.push({
          to: me.email, subject: N.visitConfirmedSubject(visit.title), ...body, links: [visit.chatUrl],
          attachments: [{ filename: 'visita.ics', contentType: 'text/calendar; charset=utf-8; method=REQUEST', content: ics }],
        });
      }
      await ctx.completeWith(async (trx) => {
        for (const email of emails) await sendEmail(deps.messaging, email, { db: trx });
      });
    },
  };
}

/**
 * The VISIT_REMINDER_JOB, due two hours before the visit (issue 11 'Visits'): e-mails both parties (and sends a
 * WhatsApp message to each whose phone is verified) the visit's time in their zone. Nothing when the visit was
 * cancelled, moved to another time, or the conversation was discarded. Enqueued in the transaction that completes it.
 */
export function visitReminderJob(deps: VisitNotifyDeps): JobDefinition {
  return {
    maxAttempts: 5,
    handler: async (payload: VisitJobPayload, ctx: JobContext) => {
      const visit = await loadVisit(deps, payload);
      if (!visit) return;
      await ctx.completeWith(async (trx) => {
        for (const { me, zone } of sides(visit)) {
          const when = formatVisitTime(visit.st, zone);
          if (me.email) {
            const body = renderEmail({
              title: N.visitReminderSubject(visit.title), paragraphs: [N.visitReminderBody(when, visit.title)],
              button: { label: N.openChat, url: visit.chatUrl },
            });
            await sendEmail(deps.messaging, { to: me.email, subject: N.visitReminderSubject(visit.title), ...body, links: [visit.chatUrl] }, { db: trx });
          }
          const phone = verifiedPhoneOf(me);
          if (phone) await enqueueNotificationText(trx, { channel: 'whatsapp', to: phone, text: `${N.visitReminderText(when, visit.title)} ${visit.chatUrl}` });
        }
      });
    },
  };
}
