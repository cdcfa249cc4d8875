import type { Database } from '@nj/db';
import { REFERRALS_MESSAGES as M, type TReferralRegistration } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import { referralsRepository } from './referrals-repository.ts';
import { presentReferrer } from './present-referrer.ts';
import type { Actor } from '../policies/actor.ts';
import { ownRecords } from '../policies/policy.ts';
import { referralPolicy } from '../policies/referral.ts';

/**
 * Registers who referred the signed-in client (spec 02 §2 /referido/{id}, §7 `POST /v1/client/ucode`). `id` is the
 * referrer's ucode or client id. Once per client: repeating the same referrer answers the existing registration;
 * another referrer is refused. Returns the referrer's card and when the client joined (ISO 8601).
 * Throws NOT_FOUND (unknown or anonymous referrer), BAD_REQUEST (oneself; someone this client referred),
 * CONFLICT 'Ya formas parte del programa de referidos' (already referred by someone else).
 */
export async function registerReferrer(options: { database: Database; actor: Actor; id: string }): Promise<TReferralRegistration> {
  const cuid = ownRecords(options.actor, referralPolicy, 'manage_own');
  const { database } = options;
  const referrer = await referralsRepository.findRegisteredByUcodeOrCuid(database, options.id);
  if (!referrer) throw new AppError('NOT_FOUND', M.referrerNotFound);
  if (referrer.cuid === cuid) throw new AppError('BAD_REQUEST', M.selfReferral);
  const theirs = await referralsRepository.findReferral(database, referrer.cuid);
  if (theirs?.referrer_cuid === cuid) throw new AppError('BAD_REQUEST', M.circularReferral);

  const inserted = await referralsRepository.insertOnce(database, cuid, referrer.cuid);
  const row = inserted ?? (await referralsRepository.findReferral(database, cuid));
  if (!row || row.referrer_cuid !== referrer.cuid) throw new AppError('CONFLICT', M.alreadyJoined);
  return { referrer: presentReferrer(referrer), joined_at: new Date(row.created_at).toISOString() };
}
