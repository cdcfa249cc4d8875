import type { Database } from '@nj/db';
import { WELCOME_REWARD_MXN, type TWelcomeReward } from '@nj/contracts';
import { rewardsRepository } from './rewards-repository.ts';
import { getWelcomeReward } from './get-welcome-reward.ts';
import type { Actor } from '../policies/actor.ts';
import { ownRecords } from '../policies/policy.ts';
import { rewardPolicy } from '../policies/reward.ts';

/**
 * Credits the welcome reward of 200 MXN (spec 02 §9) to a registered client as one ledger entry, once per client:
 * repeated or concurrent calls credit nothing more (unique index, INSERT … ON CONFLICT DO NOTHING) and answer the
 * same state with `is_new_credit: false`. The caller must have checked the client is registered.
 */
export async function claimWelcomeReward(options: { database: Database; actor: Actor }): Promise<TWelcomeReward> {
  const cuid = ownRecords(options.actor, rewardPolicy, 'manage_own');
  const inserted = await rewardsRepository.insertWelcomeOnce(options.database, cuid, WELCOME_REWARD_MXN);
  const state = await getWelcomeReward(options);
  return { ...state, is_new_credit: Boolean(inserted) };
}
