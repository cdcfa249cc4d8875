import { ADS_MESSAGES as M, AD_UID, type TStaffAd, type TUpdateAdBody } from '@nj/contracts';
import type { Database } from '@nj/db';
import type { RateLimiter } from '../accounts/rate-limiter.ts';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { authorize } from '../policies/policy.ts';
import { adPolicy } from '../policies/ad.ts';
import { requireAdsNotLimited } from './ad-rate-limits.ts';
import { adsRepository } from './ads-repository.ts';
import { presentStaffAd } from './present-ad.ts';

/**
 * A support user pauses or resumes an ad, or changes its budget or end date (PUT /v1/ads/{ad_uid}; decision 034).
 * @returns the ad now (TStaffAd)
 * @throws AppError UNAUTHORIZED / FORBIDDEN; NOT_FOUND 'Ese anuncio del mapa no existe'; BAD_REQUEST 'La fecha de fin
 *   debe ser posterior a la de inicio'; RATE_LIMITED
 */
export async function updateAd(
  deps: { database: Database; limiter: RateLimiter },
  input: { actor: Actor; ip: string; adUid: string; body: TUpdateAdBody },
): Promise<TStaffAd> {
  authorize(input.actor, adPolicy, 'manage');
  if (!AD_UID.test(input.adUid)) throw new AppError('NOT_FOUND', M.adNotFound);
  await requireAdsNotLimited(deps.limiter, input.actor, input.ip, 'manage');
  const { db } = deps.database;
  const row = await adsRepository.find(db, input.adUid);
  if (!row) throw new AppError('NOT_FOUND', M.adNotFound);
  const endsAt = input.body.ends_at ? new Date(input.body.ends_at) : undefined;
  if (endsAt && endsAt <= new Date(row.starts_at)) throw new AppError('BAD_REQUEST', M.dateRange, { ends_at: M.dateRange });
  await adsRepository.update(db, input.adUid, { is_paused: input.body.is_paused, budget_impressions: input.body.budget_impressions, ends_at: endsAt });
  return presentStaffAd((await adsRepository.find(db, input.adUid))!);
}
