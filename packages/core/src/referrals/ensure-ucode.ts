import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { randomCode } from '../accounts/codes.ts';
import { referralsRepository } from './referrals-repository.ts';

/** Length of a referral code, as sign-up generates it (accounts/find-or-create-client-by-email.ts). */
export const UCODE_LENGTH = 8;

/**
 * The client's referral code (clients.ucode). Sign-up sets one; for a client without one (older rows) a code is
 * generated and stored the first time it is needed. Retries on the rare unique clash. Throws NOT_FOUND for an
 * unknown cuid.
 */
export async function ensureUcode(options: { database: Database; cuid: string }): Promise<string> {
  const { database, cuid } = options;
  const current = await referralsRepository.findUcode(database, cuid);
  if (current === undefined) throw new AppError('NOT_FOUND');
  if (current) return current;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const stored = await referralsRepository.setUcodeIfMissing(database, cuid, randomCode(UCODE_LENGTH));
      if (stored) return stored;
    } catch (e) {
      if (attempt >= 4) throw e;
    }
  }
  throw new AppError('NOT_FOUND');
}
