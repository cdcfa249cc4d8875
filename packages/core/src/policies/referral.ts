import { definePolicy } from './policy.ts';

/** Referrals (spec 02 §3, §7 ucode calls): a referrer code is looked up by anyone; registering one and listing one's referrals is the client's own. */
export const referralPolicy = definePolicy<never, 'lookup' | 'manage_own'>({
  model: 'referral',
  actions: {
    lookup: { who: 'anyone', doc: 'anyone (a code shows only the referrer\'s public name)' },
    manage_own: { who: 'registered', doc: 'signed-in clients, their own code and referrals' },
  },
});
