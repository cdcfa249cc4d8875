import { z } from '../common/zod-locale.ts';
import { ADS_MESSAGES as M } from './messages.ts';

/** An ad's id: 'ad_' and 20 hex digits (the views push counts its impressions under this very key). */
export const AD_UID = /^ad_[a-f0-9]{20}$/;
/** The map ads call's default zoom (spec 01 §7). */
export const ADS_DEFAULT_ZOOM = 15;
/** Most ads one map answer carries. */
export const ADS_PER_ANSWER = 2;
/** Spec 01 §7 and §9: the browser reuses the last good answer for 2.5 s and refuses for 500 ms after a failure. */
export const ADS_THROTTLE = { reuseMs: 2_500, afterFailureMs: 500 } as const;

const num = (min: number, max: number) => z.coerce.number().finite().min(min).max(max);

/** GET /v1/ads/map_search?cuid&lat&lng&zoom&d (spec 01 §7): `d` the viewport's radius in km (optional, ≤ 2,000). */
export const ZAdsMapQuery = z.object({
  cuid: z.string().max(64).optional(),
  lat: num(-90, 90),
  lng: num(-180, 180),
  zoom: z.coerce.number().int().min(0).max(22).default(ADS_DEFAULT_ZOOM),
  d: num(0, 2_000).optional(),
});
export type TAdsMapQuery = z.infer<typeof ZAdsMapQuery>;

/** One ad as the map shows it (spec 01 §3 Ad: ad_uid; the rest is ours). */
export const ZMapAd = z.object({
  ad_uid: z.string(),
  advertiser: z.string(),
  title: z.string(),
  image_url: z.string().nullable(),
  link_url: z.string().nullable(),
  listing: z.object({ puid: z.string(), slug: z.string() }).nullable(),
});
export type TMapAd = z.infer<typeof ZMapAd>;
export const ZMapAds = z.object({ ads: z.array(ZMapAd) });
export type TMapAds = z.infer<typeof ZMapAds>;

export const ZAdUidParams = z.object({ ad_uid: z.string().regex(AD_UID, M.adNotFound) });
export const ZAdClick = z.object({ ad_uid: z.string(), clicks: z.number().int() });
export type TAdClick = z.infer<typeof ZAdClick>;

const ZBboxArea = z.object({ kind: z.literal('bbox'), north: num(-90, 90), south: num(-90, 90), east: num(-180, 180), west: num(-180, 180) })
  .refine((a) => a.north > a.south && a.east > a.west, { message: M.bboxInvalid });
const ZCircleArea = z.object({ kind: z.literal('circle'), lat: num(-90, 90), lng: num(-180, 180), radius_m: num(50, 500_000) });
/** An ad's area: a bbox in degrees or a circle (centre in degrees, radius in metres). */
export const ZAdArea = z.discriminatedUnion('kind', [ZBboxArea, ZCircleArea]);
export type TAdArea = z.infer<typeof ZAdArea>;

const ZAdFields = z.object({
  advertiser: z.string().trim().min(2).max(120),
  title: z.string().trim().min(2).max(120),
  link_url: z.string().trim().max(500).regex(/^https?:\/\/\S+$/, M.linkInvalid).nullable().optional(),
  puid: z.string().trim().min(1).max(64).nullable().optional(),
  area: ZAdArea,
  min_zoom: z.number().int().min(0).max(22),
  max_zoom: z.number().int().min(0).max(22),
  starts_at: z.iso.datetime({ offset: true }),
  ends_at: z.iso.datetime({ offset: true }),
  budget_impressions: z.number().int().min(1).max(100_000_000),
});

/** POST /v1/ads (support): a new ad; a link or a listing, zoom and dates in order. */
export const ZCreateAdBody = ZAdFields
  .refine((b) => Boolean(b.link_url) || Boolean(b.puid), { message: M.linkOrListing, path: ['link_url'] })
  .refine((b) => b.max_zoom >= b.min_zoom, { message: M.zoomRange, path: ['max_zoom'] })
  .refine((b) => Date.parse(b.ends_at) > Date.parse(b.starts_at), { message: M.dateRange, path: ['ends_at'] });
export type TCreateAdBody = z.infer<typeof ZCreateAdBody>;

/** PUT /v1/ads/{ad_uid} (support): pause or resume, change the budget or the end date. */
export const ZUpdateAdBody = z.object({
  is_paused: z.boolean().optional(),
  budget_impressions: z.number().int().min(1).max(100_000_000).optional(),
  ends_at: z.iso.datetime({ offset: true }).optional(),
});
export type TUpdateAdBody = z.infer<typeof ZUpdateAdBody>;

export const AD_STATUSES = ['running', 'paused', 'spent', 'scheduled', 'ended'] as const;

/** An ad as the staff page shows it, with its counts. */
export const ZStaffAd = ZMapAd.extend({
  area: ZAdArea,
  min_zoom: z.number(),
  max_zoom: z.number(),
  starts_at: z.string(),
  ends_at: z.string(),
  budget_impressions: z.number(),
  impressions: z.number(),
  clicks: z.number(),
  is_paused: z.boolean(),
  status: z.enum(AD_STATUSES),
});
export type TStaffAd = z.infer<typeof ZStaffAd>;
export const ZStaffAds = z.object({ ads: z.array(ZStaffAd) });
export type TStaffAds = z.infer<typeof ZStaffAds>;
