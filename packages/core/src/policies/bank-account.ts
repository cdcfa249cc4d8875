import { definePolicy } from './policy.ts';

/**
 * Bank accounts (issue 13; spec 03 §3 'Bank account', §7): a signed-in client adds, lists, checks and deletes their
 * own accounts (whole numbers only to them); the rent's owner links one of their accounts to the rent for its
 * payouts (the rent's owner is checked in core) and both parties read which account it is (masked to the tenant).
 */
export const bankAccountPolicy = definePolicy<never, 'manage_own' | 'link_rent'>({
  model: 'bank_account',
  actions: {
    manage_own: { who: 'registered', doc: 'signed-in clients, their own accounts' },
    link_rent: { who: 'registered', doc: "the rent's owner, one of their own accounts (checked in core)" },
  },
});
