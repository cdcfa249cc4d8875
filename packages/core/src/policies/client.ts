import { definePolicy } from './policy.ts';

/**
 * A client's own account (spec 02 §3, §7 client calls): the profile, its photo, e-mail and phone verification. Every
 * action is on the signed-in client's own row (the verbs read `actor.cuid`; there is no call that names another
 * client's profile); the `:id` in `/client/{id}/send-contact-confirmation/*` must be the session's own client (else 403).
 */
export const clientPolicy = definePolicy<never, 'read_own' | 'update_own' | 'verify_contact' | 'confirm_email_link'>({
  model: 'client',
  actions: {
    read_own: { who: 'registered', doc: 'signed-in clients, their own profile' },
    confirm_email_link: { who: 'anyone', doc: 'anyone holding the e-mail verification link token' },
    update_own: { who: 'registered', doc: 'signed-in clients, their own profile' },
    verify_contact: { who: 'registered', doc: 'signed-in clients, their own e-mail and phone' },
  },
});
