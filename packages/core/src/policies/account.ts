import { definePolicy } from './policy.ts';

/**
 * Sign-up, login, logout, sessions, password reset and social login (spec 02 §7 auth calls): open to anyone by
 * nature; what protects them is the credential itself (password, PIN, reset token, OAuth state) and the rate limits
 * (issue 7 §4–§5, §8), not the actor.
 */
export const accountPolicy = definePolicy<never, 'authenticate' | 'session'>({
  model: 'account',
  actions: {
    authenticate: { who: 'anyone', doc: 'anyone, with a credential (password, PIN, token, OAuth code)' },
    session: { who: 'anyone', doc: 'anyone, about their own session' },
  },
});
