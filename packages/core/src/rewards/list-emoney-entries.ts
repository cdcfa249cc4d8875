import type { Database } from '@nj/db';
import { EMONEY_PAGE_SIZE, type TEmoneyStatement } from '@nj/contracts';
import { rewardsRepository } from './rewards-repository.ts';
import type { Actor } from '../policies/actor.ts';
import { ownRecords } from '../policies/policy.ts';
import { rewardPolicy } from '../policies/reward.ts';

/**
 * The client's e-money statement: balance (MXN) and one page (1-based, EMONEY_PAGE_SIZE entries) of its ledger,
 * newest first. Only the given client's entries are read.
 */
export async function listEmoneyEntries(options: { database: Database; actor: Actor; page: number }): Promise<TEmoneyStatement> {
  const cuid = ownRecords(options.actor, rewardPolicy, 'manage_own');
  const { database } = options;
  const page = Math.max(1, Math.floor(options.page));
  const [emoney, total, rows] = await Promise.all([
    rewardsRepository.balance(database, cuid),
    rewardsRepository.countEntries(database, cuid),
    rewardsRepository.listEntries(database, cuid, EMONEY_PAGE_SIZE, (page - 1) * EMONEY_PAGE_SIZE),
  ]);
  return {
    emoney,
    entries: rows.map((r) => ({
      id: Number(r.id), amount_mxn: Number(r.amount_mxn), kind: r.kind, created_at: new Date(r.created_at).toISOString(),
    })),
    page,
    page_size: EMONEY_PAGE_SIZE,
    total,
  };
}
