import type { Database } from '@nj/db';
import { REFERRALS_MESSAGES, type TReferrerCard } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import { referralsRepository } from './referrals-repository.ts';
import { presentReferrer } from './present-referrer.ts';

/**
 * Who a referral link points to (spec 02 §7 `GET /v1/client/ucode/{ucode}`): the public card of the registered
 * client whose ucode (or client id) is `ucode`. Throws NOT_FOUND 'No encontramos a la persona que te invitó'.
 */
export async function getReferrer(options: { database: Database; ucode: string }): Promise<TReferrerCard> {
  const row = await referralsRepository.findRegisteredByUcodeOrCuid(options.database, options.ucode);
  if (!row) throw new AppError('NOT_FOUND', REFERRALS_MESSAGES.referrerNotFound);
  return presentReferrer(row);
}
