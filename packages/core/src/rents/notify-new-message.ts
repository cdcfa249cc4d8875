import { CHAT_NOTIFICATION_MESSAGES as N } from '@nj/contracts';
import type { Database } from '@nj/db';
import { enqueue } from '../jobs/enqueue.ts';
import type { JobContext, JobDefinition } from '../jobs/job-worker.ts';
import type { JobExecutor } from '../jobs/jobs-repository.ts';
import type { MessagingConfig } from '../messaging/messaging-config.ts';
import { renderEmail } from '../messaging/render-email.ts';
import { sendEmail } from '../messaging/send-email.ts';
import { enqueueNotificationText, verifiedPhoneOf } from '../messaging/send-notification-text.ts';
import { chatNotificationsRepository } from './chat-notifications-repository.ts';
import { issueUnsubscribeToken } from './notification-token.ts';
import type { ChatMessage } from './rents-repository.ts';

/** Job name of one new-message notification (payload `{ muid }`). */
export const CHAT_NOTIFY_JOB = 'chat.notify-message';
/** At most one notification per conversation and recipient in this window (issue 11): 15 minutes, ms. */
export const CHAT_NOTIFY_MIN_GAP_MS = 15 * 60_000;
/** How long after the message the job runs (ms): a receiver who reads it meanwhile gets nothing. */
export const CHAT_NOTIFY_DELAY_MS = 60_000;
/** Longest part of the message quoted in a notification, characters. */
const QUOTE_LENGTH = 160;

/** What the notification job needs: e-mail, the links' base and secret, and a clock (tests inject one). */
export type ChatNotifyDeps = {
  database: Database; messaging: MessagingConfig; publicUrl: string; secret: string; now?: () => Date;
};

/** `text` on one line, cut to `max` characters with an ellipsis. */
export function shortenText(text: string, max = QUOTE_LENGTH): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}

/** The minute (ms since epoch / 60,000) a notification of `now` belongs to: one job per conversation, receiver and minute. */
export function notifyBucket(now: Date): number {
  return Math.floor(now.getTime() / 60_000);
}

/**
 * Enqueues the notification of a stored message to its receiver, in the transaction `db` that stores it (so the job
 * exists exactly when the message does), to run `delayMs` later (default CHAT_NOTIFY_DELAY_MS). Nothing when the
 * message has no receiver, or the receiver muted the conversation or was notified of it within the last 15 minutes
 * (the job would send nothing; this saves it). One job per conversation, receiver and minute (dedupe key
 * `{ruid}:{cuid}:{minute}`): the job tells about the newest message still unseen when it runs.
 * @returns the job id, or null when nothing was enqueued
 */
export async function enqueueMessageNotification(db: JobExecutor, message: ChatMessage, options: { delayMs?: number; now?: Date } = {}): Promise<number | null> {
  if (!message.to_cuid || !message.from_cuid) return null;
  const now = options.now ?? new Date();
  if (await chatNotificationsRepository.isQuiet(db, message.ruid, message.to_cuid, now, CHAT_NOTIFY_MIN_GAP_MS)) return null;
  return enqueue(db, CHAT_NOTIFY_JOB, { ruid: message.ruid, cuid: message.to_cuid } satisfies ChatNotifyPayload, {
    runAt: new Date(now.getTime() + (options.delayMs ?? CHAT_NOTIFY_DELAY_MS)), key: `${message.ruid}:${message.to_cuid}:${notifyBucket(now)}`,
  });
}

/** The notification job's payload: the conversation and the receiver. */
export type ChatNotifyPayload = { ruid: string; cuid: string };

/** The unsubscribe link of conversation `ruid` for recipient `cuid` (the web page /notificaciones/baja?token=…). */
export function unsubscribeUrl(deps: { publicUrl: string; secret: string }, ruid: string, cuid: string): string {
  return `${deps.publicUrl}/notificaciones/baja?token=${encodeURIComponent(issueUnsubscribeToken({ secret: deps.secret, ruid, cuid }))}`;
}

/**
 * The CHAT_NOTIFY_JOB (issue 11 'Offline notification'): tells receiver `cuid` about the newest message of
 * conversation `ruid` they have not seen yet — nothing when by now they saw every message, muted the conversation, or
 * were notified of it less than 15 minutes ago (the claim on chat_notifications, at `deps.now()`). The e-mail —
 * 'Tienes un mensaje nuevo de {sender}', the listing's title, the text shortened, a button to /chat?chat={ruid}, the
 * conversation's unsubscribe link and the List-Unsubscribe / List-Unsubscribe-Post headers (RFC 8058 one-click, to
 * the POST call) — and, when the receiver's phone is verified, a WhatsApp message (NOTIFICATION_TEXT_JOB) are enqueued
 * in the transaction that records the claim and completes this job: all of it happens exactly once.
 */
export function chatNotifyJob(deps: ChatNotifyDeps): JobDefinition {
  return {
    maxAttempts: 5,
    handler: async (payload: ChatNotifyPayload, ctx: JobContext) => {
      const rent = await chatNotificationsRepository.rentWithParties(deps.database, payload.ruid);
      if (!rent || (payload.cuid !== rent.renter.cuid && payload.cuid !== rent.owner.cuid)) return;
      const [receiver, sender] = payload.cuid === rent.renter.cuid ? [rent.renter, rent.owner] : [rent.owner, rent.renter];
      const message = await deps.database.db.selectFrom('rent_messages').select(['text', 'attachment'])
        .where('ruid', '=', rent.ruid).where('to_cuid', '=', receiver.cuid).where('from_cuid', '=', sender.cuid).where('seen', '=', false)
        .orderBy('seq', 'desc').limit(1).executeTakeFirst();
      if (!message) return;
      const phone = verifiedPhoneOf(receiver);
      if (!receiver.email && !phone) return;
      const senderName = sender.nickname?.trim() || N.someone;
      const attachmentName = typeof message.attachment?.name === 'string' ? message.attachment.name : null;
      const quote = shortenText(attachmentName ? N.newMessageAttachment(attachmentName) : message.text);
      const chatUrl = `${deps.publicUrl}/chat?chat=${encodeURIComponent(rent.ruid)}`;
      const unsubscribe = unsubscribeUrl(deps, rent.ruid, receiver.cuid);
      // RFC 8058 one-click: mail clients POST 'List-Unsubscribe=One-Click' to the API itself (no page, no session).
      const oneClick = `${deps.publicUrl}/api/v1/notifications/chat/unsubscribe?token=${encodeURIComponent(issueUnsubscribeToken({ secret: deps.secret, ruid: rent.ruid, cuid: receiver.cuid }))}`;
      const now = deps.now?.() ?? new Date();
      await ctx.completeWith(async (trx) => {
        if (!(await chatNotificationsRepository.claim(trx, rent.ruid, receiver.cuid, now, CHAT_NOTIFY_MIN_GAP_MS))) return;
        if (receiver.email) {
          const body = renderEmail({
            title: N.newMessageSubject(senderName), paragraphs: [N.newMessageAbout(rent.title), `«${quote}»`],
            button: { label: N.openChat, url: chatUrl }, footer: N.unsubscribeFooter(unsubscribe),
          });
          await sendEmail(deps.messaging, {
            to: receiver.email, subject: N.newMessageSubject(senderName), ...body, links: [chatUrl, unsubscribe],
            headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
          }, { db: trx });
        }
        if (phone) {
          await enqueueNotificationText(trx, { channel: 'whatsapp', to: phone, text: `${N.newMessageText(senderName, rent.title, quote)} ${chatUrl}` });
        }
      });
    },
  };
}
