import { definePolicy } from './policy.ts';

/**
 * A client's own personal data as a whole (issue 12 'Rules', LFPDPPP rights; decision 019): a signed-in client asks
 * for its erasure and reads how it went, only about themselves (queries scoped to the actor).
 */
export const personalDataPolicy = definePolicy<never, 'manage_own'>({
  model: 'personal_data',
  actions: {
    manage_own: { who: 'registered', doc: 'signed-in clients, the erasure of their own personal data' },
  },
});
