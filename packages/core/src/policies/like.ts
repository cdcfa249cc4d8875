import { LIKES_MESSAGES } from '@nj/contracts';
import { isClient } from './actor.ts';
import { ALLOW, definePolicy } from './policy.ts';

/** Whose likes a call names (spec 01 §7 `?cuid=`): it must be the actor. */
export type LikerRecord = { cuid: string };

/**
 * Likes (spec 01 §7 like calls): a signed-in client likes and lists their own likes; nobody sees or changes another's
 * (a `cuid` naming another client is 403 'No puedes cambiar los favoritos de otro cliente').
 */
export const likePolicy = definePolicy<LikerRecord, 'toggle' | 'list_own'>({
  model: 'like',
  actions: {
    toggle: {
      who: 'registered', doc: 'signed-in clients, their own like',
      rule: (actor, l) => (isClient(actor, l.cuid) ? ALLOW : { code: 'FORBIDDEN', msg: LIKES_MESSAGES.otherClient }),
    },
    list_own: { who: 'registered', doc: 'signed-in clients, their own likes' },
  },
});
