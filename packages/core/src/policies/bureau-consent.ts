import { definePolicy } from './policy.ts';

/**
 * The authorization of the credit bureau query (spec 03 §7 multiburopin; decision 020): a signed-in client asks for
 * their NIP, signs with it and reads their authorization, only about themselves (queries scoped to the actor).
 */
export const bureauConsentPolicy = definePolicy<never, 'manage_own'>({
  model: 'bureau_consent',
  actions: {
    manage_own: { who: 'registered', doc: 'signed-in clients, their own authorization of the credit bureau query' },
  },
});
