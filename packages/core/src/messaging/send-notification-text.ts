import { enqueue } from '../jobs/enqueue.ts';
import type { JobDefinition } from '../jobs/job-worker.ts';
import type { JobExecutor } from '../jobs/jobs-repository.ts';
import { normalizePhone } from '../verification/normalize-phone.ts';
import type { TextMessageProvider } from '../verification/text-provider/text-message-provider.ts';

/** Job name of one WhatsApp/SMS notification through the configured text provider (payload: NotificationText). */
export const NOTIFICATION_TEXT_JOB = 'notifications.text';

/** A notification by WhatsApp or SMS: `to` in E.164. */
export type NotificationText = { channel: 'whatsapp' | 'sms'; to: string; text: string };

/**
 * The E.164 number of a client whose phone is verified, or null (no phone, not verified, or no longer parses).
 * @param client the clients row's phone columns
 */
export function verifiedPhoneOf(client: { phone_number: string | null; phone_country_code: string | null; is_phone_verified: boolean }): string | null {
  if (!client.is_phone_verified || !client.phone_number) return null;
  try {
    return normalizePhone(client.phone_number, client.phone_country_code).e164;
  } catch {
    return null;
  }
}

/**
 * Enqueues one WhatsApp notification in the caller's transaction `db` (issue 11 'Offline notification', visit
 * reminders), so it exists exactly when the caller's change commits. Delivered by the NOTIFICATION_TEXT_JOB.
 * @returns the job id (null never: no dedupe key)
 */
export async function enqueueNotificationText(db: JobExecutor, message: NotificationText): Promise<number | null> {
  return enqueue(db, NOTIFICATION_TEXT_JOB, message);
}

/**
 * The NOTIFICATION_TEXT_JOB: sends the message through the process's text provider (Twilio, the sandbox outbox, or
 * none, which refuses). A refusal throws, so the worker retries with backoff (5 attempts). A process that dies right
 * after the provider accepted the message sends it again on the re-run (at least once, as the provider's API allows).
 */
export function notificationTextJob(provider: TextMessageProvider): JobDefinition {
  return {
    maxAttempts: 5,
    handler: async (message: NotificationText) => {
      await provider.send({ channel: message.channel, to: message.to, text: message.text, codes: [] });
    },
  };
}
