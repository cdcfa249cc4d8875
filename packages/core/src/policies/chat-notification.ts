import { definePolicy } from './policy.ts';

/**
 * The chat's e-mail/WhatsApp notifications (issue 11 'Offline notification'): reading and using the unsubscribe link
 * of one conversation is open to anyone, because what protects it is the link's signed token (it names the
 * conversation and the recipient; checked by the verb), not the session: the link is opened from an e-mail, often
 * signed out.
 */
export const chatNotificationPolicy = definePolicy<never, 'unsubscribe'>({
  model: 'chat_notification',
  actions: {
    unsubscribe: { who: 'anyone', doc: "anyone holding the notification's signed unsubscribe token (one conversation, one recipient)" },
  },
});
