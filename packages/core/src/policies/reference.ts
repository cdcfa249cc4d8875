import { definePolicy } from './policy.ts';

/**
 * Personal references (spec 02 §3 reference, §7): the client manages their own (list, create, delete, remind;
 * queries scoped to the actor); the person named as a reference reads and confirms one with the token of the
 * link they were sent (anyone holding the token; the token is the credential).
 */
export const referencePolicy = definePolicy<never, 'manage_own' | 'confirm'>({
  model: 'reference',
  actions: {
    manage_own: { who: 'registered', doc: 'signed-in clients, their own references' },
    confirm: { who: 'anyone', doc: 'anyone holding the reference link token' },
  },
});
