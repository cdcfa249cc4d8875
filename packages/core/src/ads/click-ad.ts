import { ADS_MESSAGES as M, AD_UID, type TAdClick } from '@nj/contracts';
import type { Database } from '@nj/db';
import type { RateLimiter } from '../accounts/rate-limiter.ts';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { authorize } from '../policies/policy.ts';
import { adPolicy } from '../policies/ad.ts';
import { requireAdsNotLimited } from './ad-rate-limits.ts';
import { adsRepository } from './ads-repository.ts';

/**
 * Counts a click on an ad (POST /v1/ads/{ad_uid}/click; spec 01 §7): one more in map_ads.clicks, per call, within
 * the per-client rate limit (AD_RATE_LIMITS.click), so one client cannot inflate it.
 * @returns `{ ad_uid, clicks }` (the count now)
 * @throws AppError NOT_FOUND 'Ese anuncio del mapa no existe' for an unknown or malformed id; RATE_LIMITED
 */
export async function clickAd(
  deps: { database: Database; limiter: RateLimiter },
  input: { actor: Actor; ip: string; adUid: string },
): Promise<TAdClick> {
  authorize(input.actor, adPolicy, 'click');
  if (!AD_UID.test(input.adUid)) throw new AppError('NOT_FOUND', M.adNotFound);
  await requireAdsNotLimited(deps.limiter, input.actor, input.ip, 'click');
  const clicks = await adsRepository.click(deps.database.db, input.adUid);
  if (clicks === undefined) throw new AppError('NOT_FOUND', M.adNotFound);
  return { ad_uid: input.adUid, clicks };
}
