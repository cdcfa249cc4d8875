import { definePolicy } from './policy.ts';

/** Likes (spec 01 §7 like calls): a signed-in client likes and lists their own likes; nobody sees another's. */
export const likePolicy = definePolicy<never, 'toggle' | 'list_own'>({
  model: 'like',
  actions: {
    toggle: { who: 'registered', doc: 'signed-in clients, their own like' },
    list_own: { who: 'registered', doc: 'signed-in clients, their own likes' },
  },
});
