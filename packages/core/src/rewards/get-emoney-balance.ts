import type { Database } from '@nj/db';
import { registerEmoneyReader } from '../accounts/get-client-view.ts';
import { rewardsRepository } from './rewards-repository.ts';

/**
 * The platform e-money balance of a client in MXN: the sum of its ledger entries (spec 02 §3 Client.emoney).
 * 0 for a client with no entries or an unknown cuid. The client view's `emoney` reads this.
 */
export async function getEmoneyBalance(options: { database: Database; cuid: string }): Promise<number> {
  return rewardsRepository.balance(options.database, options.cuid);
}

// The client view (accounts/get-client-view.ts) shows this ledger sum as `emoney`.
registerEmoneyReader((database, cuid) => rewardsRepository.balance(database, cuid));
