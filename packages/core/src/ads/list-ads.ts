import type { TStaffAds } from '@nj/contracts';
import type { Database } from '@nj/db';
import type { RateLimiter } from '../accounts/rate-limiter.ts';
import type { Actor } from '../policies/actor.ts';
import { authorize } from '../policies/policy.ts';
import { adPolicy } from '../policies/ad.ts';
import { requireAdsNotLimited } from './ad-rate-limits.ts';
import { adsRepository } from './ads-repository.ts';
import { presentStaffAd } from './present-ad.ts';

/**
 * Every map ad with its impressions, clicks and state, newest first (GET /v1/ads; the staff page /anuncios).
 * @returns TStaffAds `{ ads }` (at most 500)
 * @throws AppError UNAUTHORIZED / FORBIDDEN (adPolicy 'manage'); RATE_LIMITED
 */
export async function listAds(deps: { database: Database; limiter: RateLimiter }, input: { actor: Actor; ip: string }): Promise<TStaffAds> {
  authorize(input.actor, adPolicy, 'manage');
  await requireAdsNotLimited(deps.limiter, input.actor, input.ip, 'manage');
  const now = new Date();
  return { ads: (await adsRepository.all(deps.database.db)).map((r) => presentStaffAd(r, now)) };
}
