import { IDENTITY_CHECK_MESSAGES } from '@nj/contracts';
import { isClient } from './actor.ts';
import { ALLOW, definePolicy } from './policy.ts';

/** What the identity rules look at: whose attempt it is. */
export type IdentityProcessRecord = { cuid: string };

/**
 * Identity attempts (spec 03 §7 "Identity, credit and documents"): a signed-in client starts, resends and reads only
 * their own (queries scoped to the actor); support may read anyone's.
 */
export const identityProcessPolicy = definePolicy<IdentityProcessRecord, 'manage_own' | 'read'>({
  model: 'identity_process',
  actions: {
    manage_own: { who: 'registered', doc: 'signed-in clients, their own identity attempts' },
    read: {
      who: 'registered', doc: 'the client whose attempt it is, or support',
      rule: (actor, r) => (isClient(actor, r.cuid) || actor.privileges.includes('support') ? ALLOW : { code: 'NOT_FOUND', msg: IDENTITY_CHECK_MESSAGES.processNotFound }),
    },
  },
});
