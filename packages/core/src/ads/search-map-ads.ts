import { ADS_PER_ANSWER, type TAdsMapQuery, type TMapAds } from '@nj/contracts';
import type { Database } from '@nj/db';
import type { RateLimiter } from '../accounts/rate-limiter.ts';
import { distanceM } from '../dedup/duplicate-rule.ts';
import type { Actor } from '../policies/actor.ts';
import { authorize } from '../policies/policy.ts';
import { adPolicy } from '../policies/ad.ts';
import { requireAdsNotLimited } from './ad-rate-limits.ts';
import { adsRepository, type AdRow } from './ads-repository.ts';
import { presentMapAd } from './present-ad.ts';

const M_PER_DEG = 111_320;

/** True when the circle around (lat, lng) of `radiusM` metres meets the ad's area (bbox, or circle). */
export function adCovers(ad: AdRow, lat: number, lng: number, radiusM: number): boolean {
  if (ad.area_kind === 'circle' && ad.center_lat !== null && ad.center_lng !== null && ad.radius_m !== null) {
    return distanceM(lat, lng, ad.center_lat, ad.center_lng) <= ad.radius_m + radiusM;
  }
  // Nearest point of the bbox to the spot, then the distance to it.
  const nLat = Math.min(ad.north, Math.max(ad.south, lat));
  const nLng = Math.min(ad.east, Math.max(ad.west, lng));
  return distanceM(lat, lng, nLat, nLng) <= radiusM;
}

/**
 * The ads for a spot of the map (GET /v1/ads/map_search?cuid&lat&lng&zoom&d; spec 01 §3 Ad, §7; decision 034):
 * running ads (not paused, between their dates, impressions left) whose zoom range holds `zoom` (default 15) and
 * whose area meets the circle of `d` km around (lat, lng) (without `d`: holds the point), at most ADS_PER_ANSWER,
 * the most budget left first. `cuid` is informative: the rate limit counts the session's client (else the address).
 * Showing an ad is not an impression: the browser reports those in the views push ('ad_{ad_uid}').
 * @returns TMapAds `{ ads }`
 * @throws AppError RATE_LIMITED past AD_RATE_LIMITS.search
 */
export async function searchMapAds(
  deps: { database: Database; limiter: RateLimiter },
  input: { actor: Actor; ip: string; query: TAdsMapQuery; now?: Date },
): Promise<TMapAds> {
  authorize(input.actor, adPolicy, 'search');
  await requireAdsNotLimited(deps.limiter, input.actor, input.ip, 'search');
  const { lat, lng, zoom } = input.query;
  const radiusM = (input.query.d ?? 0) * 1000;
  const dLat = radiusM / M_PER_DEG;
  const dLng = radiusM / (M_PER_DEG * Math.max(0.05, Math.cos((lat * Math.PI) / 180)));
  const rows = await adsRepository.running(deps.database.db, {
    north: Math.min(90, lat + dLat), south: Math.max(-90, lat - dLat), east: Math.min(180, lng + dLng), west: Math.max(-180, lng - dLng),
    zoom, now: input.now ?? new Date(),
  });
  return { ads: rows.filter((r) => adCovers(r, lat, lng, radiusM)).slice(0, ADS_PER_ANSWER).map(presentMapAd) };
}
