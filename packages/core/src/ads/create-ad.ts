import { randomBytes } from 'node:crypto';
import { ADS_MESSAGES as M, type TCreateAdBody, type TStaffAd } from '@nj/contracts';
import type { Database } from '@nj/db';
import type { RateLimiter } from '../accounts/rate-limiter.ts';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { authorize, ownCuid } from '../policies/policy.ts';
import { adPolicy } from '../policies/ad.ts';
import { requireAdsNotLimited } from './ad-rate-limits.ts';
import { adsRepository } from './ads-repository.ts';
import { presentStaffAd } from './present-ad.ts';

const M_PER_DEG = 111_320;

/**
 * A support user creates a map ad (POST /v1/ads; issue 16 'Map ads'; decision 034): advertiser, text, a link and/or
 * a listing (which must exist), an area (bbox in degrees, or a circle: centre and radius in metres, stored with its
 * bbox), a zoom range, start and end (ISO 8601) and a budget in impressions. The image comes with
 * POST /v1/ads/{ad_uid}/image. The body is validated by ZCreateAdBody (zoom and dates in order, link or listing).
 * @returns the ad (TStaffAd)
 * @throws AppError UNAUTHORIZED / FORBIDDEN (adPolicy 'manage'); BAD_REQUEST 'La propiedad indicada para el anuncio
 *   no existe'; RATE_LIMITED
 */
export async function createAd(
  deps: { database: Database; limiter: RateLimiter },
  input: { actor: Actor; ip: string; body: TCreateAdBody },
): Promise<TStaffAd> {
  authorize(input.actor, adPolicy, 'manage');
  const me = ownCuid(input.actor);
  await requireAdsNotLimited(deps.limiter, input.actor, input.ip, 'manage');
  const b = input.body;
  const { db } = deps.database;
  const puid = b.puid || null;
  if (puid && !(await adsRepository.listingExists(db, puid))) throw new AppError('BAD_REQUEST', M.listingMissing, { puid: M.listingMissing });
  const a = b.area;
  const box = a.kind === 'bbox' ? { north: a.north, south: a.south, east: a.east, west: a.west } : (() => {
    const dLat = a.radius_m / M_PER_DEG;
    const dLng = a.radius_m / (M_PER_DEG * Math.max(0.05, Math.cos((a.lat * Math.PI) / 180)));
    return { north: Math.min(90, a.lat + dLat), south: Math.max(-90, a.lat - dLat), east: Math.min(180, a.lng + dLng), west: Math.max(-180, a.lng - dLng) };
  })();
  const adUid = `ad_${randomBytes(10).toString('hex')}`;
  await adsRepository.insert(db, {
    ad_uid: adUid, advertiser: b.advertiser, title: b.title, link_url: b.link_url || null, puid, area_kind: a.kind, ...box,
    center_lat: a.kind === 'circle' ? a.lat : null, center_lng: a.kind === 'circle' ? a.lng : null, radius_m: a.kind === 'circle' ? a.radius_m : null,
    min_zoom: b.min_zoom, max_zoom: b.max_zoom, starts_at: new Date(b.starts_at), ends_at: new Date(b.ends_at),
    budget_impressions: b.budget_impressions, created_by: me,
  });
  return presentStaffAd((await adsRepository.find(db, adUid))!);
}
