import { definePolicy } from './policy.ts';

/** Rewards and e-money (spec 02 §7): the signed-in client's own welcome reward and e-money movements. */
export const rewardPolicy = definePolicy<never, 'manage_own'>({
  model: 'reward',
  actions: { manage_own: { who: 'registered', doc: 'signed-in clients, their own' } },
});
