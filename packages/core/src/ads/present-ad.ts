import type { TMapAd, TStaffAd } from '@nj/contracts';
import type { AdRow } from './ads-repository.ts';

/** The ad's image address (/media/{key}) or null before an image is uploaded. */
function imageUrl(row: AdRow): string | null {
  return row.image_key ? `/media/${row.image_key}` : null;
}

/** The ad as the map shows it (ZMapAd). */
export function presentMapAd(row: AdRow): TMapAd {
  return {
    ad_uid: row.ad_uid, advertiser: row.advertiser, title: row.title, image_url: imageUrl(row), link_url: row.link_url,
    listing: row.puid && row.slug ? { puid: row.puid, slug: row.slug } : null,
  };
}

/** The ad's state at `now`: paused, budget spent, not started, ended, else running. */
export function adStatus(row: AdRow, now: Date): TStaffAd['status'] {
  if (row.is_paused) return 'paused';
  if (row.impressions >= row.budget_impressions) return 'spent';
  if (new Date(row.starts_at) > now) return 'scheduled';
  if (new Date(row.ends_at) <= now) return 'ended';
  return 'running';
}

/** The ad as the staff page shows it, with area, dates (ISO 8601), counts and status (ZStaffAd). */
export function presentStaffAd(row: AdRow, now = new Date()): TStaffAd {
  const area: TStaffAd['area'] = row.area_kind === 'circle'
    ? { kind: 'circle', lat: Number(row.center_lat), lng: Number(row.center_lng), radius_m: Number(row.radius_m) }
    : { kind: 'bbox', north: row.north, south: row.south, east: row.east, west: row.west };
  return {
    ...presentMapAd(row), area, min_zoom: row.min_zoom, max_zoom: row.max_zoom,
    starts_at: new Date(row.starts_at).toISOString(), ends_at: new Date(row.ends_at).toISOString(),
    budget_impressions: row.budget_impressions, impressions: row.impressions, clicks: row.clicks, is_paused: row.is_paused,
    status: adStatus(row, now),
  };
}
