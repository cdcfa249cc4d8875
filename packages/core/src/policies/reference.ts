import { REFERENCES_MESSAGES } from '@nj/contracts';
import { isClient } from './actor.ts';
import { ALLOW, definePolicy } from './policy.ts';

/** What the reference rules look at: whose reference it is. */
export type ReferenceRecord = { cuid: string };

/**
 * Personal references (spec 02 §3 reference, §7): the client manages their own (list, create, delete, remind;
 * queries scoped to the actor); the person named as a reference reads and confirms one with the token of the
 * link they were sent (anyone holding the token; the token is the credential) — but never the client who owns it
 * (403 'No puedes confirmar tu propia referencia').
 */
export const referencePolicy = definePolicy<ReferenceRecord, 'manage_own' | 'confirm'>({
  model: 'reference',
  actions: {
    manage_own: { who: 'registered', doc: 'signed-in clients, their own references' },
    confirm: {
      who: 'anyone', doc: 'anyone holding the reference link token, except its owner',
      rule: (actor, r) => (isClient(actor, r.cuid) ? { code: 'FORBIDDEN', msg: REFERENCES_MESSAGES.ownReference } : ALLOW),
    },
  },
});
