import type { Database } from '@nj/db';
import { WELCOME_REWARD_MXN, type TWelcomeReward } from '@nj/contracts';
import { rewardsRepository } from './rewards-repository.ts';
import type { Actor } from '../policies/actor.ts';
import { ownRecords } from '../policies/policy.ts';
import { rewardPolicy } from '../policies/reward.ts';

/**
 * Whether the client already received the welcome reward (spec 02 §2 modal 9), with its balance.
 * Returns `{ amount_mxn: 200, is_claimed, claimed_at (ISO 8601 | null), emoney (MXN), is_new_credit: false }`.
 */
export async function getWelcomeReward(options: { database: Database; actor: Actor }): Promise<TWelcomeReward> {
  const cuid = ownRecords(options.actor, rewardPolicy, 'manage_own');
  const [row, emoney] = await Promise.all([
    rewardsRepository.findWelcome(options.database, cuid),
    rewardsRepository.balance(options.database, cuid),
  ]);
  return {
    amount_mxn: row ? Number(row.amount_mxn) : WELCOME_REWARD_MXN,
    is_claimed: Boolean(row),
    claimed_at: row ? new Date(row.created_at).toISOString() : null,
    emoney,
    is_new_credit: false,
  };
}
