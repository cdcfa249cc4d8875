import { z } from '../common/zod-locale.ts';
import { PROPERTY_TYPES } from '../catalogue/vocabularies.ts';
import { ZPropertySummary } from '../search/schemas.ts';
import { LEADS_MESSAGES as L, STATS_MESSAGES as M } from './messages.ts';
import { SHARE_CHANNELS, STATS_MAX_DAYS, STATS_MAX_ITEMS } from './constants.ts';


const pushId = z.string({ error: M.invalidPushId }).min(8, M.invalidPushId).max(100, M.invalidPushId)
  .regex(/^[A-Za-z0-9_-]+$/, M.invalidPushId);

/** One item of the views push: a count since the last push and when it was last seen (ms since epoch or ISO). */
const count = z.number({ error: M.invalidData }).int(M.invalidData).min(0, M.invalidData).max(1_000_000, M.invalidData);
const ZViewItem = z.union([
  count,
  z.object({ count, last_seen: z.union([z.number(), z.string().max(40)], { error: M.invalidData }).optional() }, { error: M.invalidData }),
], { error: M.invalidData });

/**
 * Body of `POST /api/v1/properties/views` (spec 01 §4 "Viewing", §7 "Views push": body data, ads_data, cuid, every
 * 60 s). `data` keys are local-storage item keys: `prop_{puid}` (a listing view), `ad_{id}` and `win_view_{id}`
 * (accepted, not counted yet). `cuid` is informational: the server counts for the session's client. `push_id` is a
 * client-made id (8–100 of A–Z a–z 0–9 _ -); the same push sent twice counts once.
 */
export const ZViewsPush = z.object({
  push_id: pushId,
  data: z.record(z.string().max(120), ZViewItem, { error: M.invalidData })
    .refine((d) => Object.keys(d).length <= STATS_MAX_ITEMS, { error: M.tooManyItems }),
  ads_data: z.record(z.string().max(120), z.unknown(), { error: M.invalidAdsData }).optional(),
  cuid: z.string().max(100).optional(),
});
export type TViewsPush = z.infer<typeof ZViewsPush>;

/**
 * Body of `POST /api/v2/properties/appear` (spec 01 §7; body not shown there, ours): the listings just shown in a
 * list or on the map, and a client push id (a retry of the same id counts once).
 */
export const ZAppearPush = z.object({
  push_id: pushId,
  puids: z.array(z.string().min(1).max(100), { error: M.invalidPuids }).max(STATS_MAX_ITEMS, M.tooManyItems),
  cuid: z.string().max(100).optional(),
});
export type TAppearPush = z.infer<typeof ZAppearPush>;

/** What a push counted: items credited, and whether it was a retry of an applied push or from a bot. */
export const ZPushResult = z.object({ counted: z.number().int(), duplicate: z.boolean(), ignored: z.boolean() });
export type TPushResult = z.infer<typeof ZPushResult>;

/** Body of `POST /api/v1/properties/{id}/share`. */
export const ZShareBody = z.object({ channel: z.enum(SHARE_CHANNELS, { error: M.invalidChannel }) });
export type TShareBody = z.infer<typeof ZShareBody>;
export const ZShareResult = z.object({ counted: z.boolean(), shares: z.number().int() });
export type TShareResult = z.infer<typeof ZShareResult>;

/** The owner metrics of a card (spec 01 §2): totals; ctr = views / appears (0..1, 0 when nothing appeared). */
export const ZOwnerStats = z.object({
  appears: z.number().int(),
  ctr: z.number(),
  views: z.number().int(),
  likes: z.number().int(),
  inquiries: z.number().int(),
  leads: z.number().int(),
  shares: z.number().int(),
});
export type TOwnerStats = z.infer<typeof ZOwnerStats>;

/**
 * An owner's card: the summary plus its metrics, whether they may be shown (true for the owner) and `interested`,
 * how many people contacted it (its rents in any step; issue 11, the card's link to /property-dashboard/{puid}).
 */
export const ZOwnerPropertyCard = ZPropertySummary.extend({ owner_stats: ZOwnerStats, can_see_stats: z.boolean(), interested: z.number().int() });
export type TOwnerPropertyCard = z.infer<typeof ZOwnerPropertyCard>;

export const ZMyPropertiesResult = z.object({
  properties: z.array(ZOwnerPropertyCard),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type TMyPropertiesResult = z.infer<typeof ZMyPropertiesResult>;

const page = z.coerce.number({ error: M.invalidPage })
  .pipe(z.number({ error: M.invalidPage }).int(M.invalidPage).min(1, M.invalidPage).max(10_000, M.invalidPage));
const search = z.string({ error: M.invalidSearch }).max(100, M.invalidSearch);
const status = z.enum(['active', 'inactive'], { error: M.invalidStatus });

/** Query of `GET /api/v1/properties/my?page&search&status` (spec 01 §7, spec 03 §7). No status: both. */
export const ZMyPropertiesQuery = z.object({
  page: page.optional(),
  search: search.optional(),
  status: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), status.optional()),
});
export type TMyPropertiesQuery = z.infer<typeof ZMyPropertiesQuery>;

const num = (name: string) => z.coerce.number({ error: M.invalidParam(name) }).refine(Number.isFinite, { error: M.invalidParam(name) });
const int = (name: string) => num(name).pipe(z.number().int({ error: M.invalidParam(name) }).min(-1, M.invalidParam(name)).max(50, M.invalidParam(name)));
const bound = (name: string, limit: number) => num(name).pipe(z.number().min(-limit, M.invalidBounds).max(limit, M.invalidBounds));

/**
 * Query of `GET /api/v2/properties/my` (spec 01 §7 "filters and bounds"): the search's filter names, every one
 * optional; bounds (degrees) all four or none. Prices in MXN (other currencies converted at the configured rates).
 */
export const ZMyPropertiesV2Query = z.object({
  north: bound('north', 90).optional(),
  south: bound('south', 90).optional(),
  east: bound('east', 180).optional(),
  west: bound('west', 180).optional(),
  op_type: z.enum(['rent', 'sale'], { error: M.invalidParam('op_type') }).optional(),
  price_min: num('price_min').pipe(z.number().min(0, M.invalidParam('price_min'))).optional(),
  price_max: num('price_max').pipe(z.number().min(0, M.invalidParam('price_max'))).optional(),
  min_rooms: int('min_rooms').optional(),
  min_bathrooms: int('min_bathrooms').optional(),
  min_parking_spots: int('min_parking_spots').optional(),
  property_types: z.string({ error: M.invalidParam('property_types') }).transform((s, ctx) => {
    const items = [...new Set(s.split(',').map((x) => x.trim()).filter((x) => x && x !== 'all'))].sort();
    if (items.some((x) => !(PROPERTY_TYPES as readonly string[]).includes(x))) {
      ctx.addIssue({ code: 'custom', message: M.invalidParam('property_types') });
      return z.NEVER;
    }
    return items;
  }).optional(),
  status: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), status.optional()),
  order_by: z.enum(['newest', 'oldest', 'priciest', 'cheapest'], { error: M.invalidParam('order_by') }).optional(),
  search: search.optional(),
  page: page.optional(),
  v: z.string().max(5).optional(),
  zoom: z.string().max(10).optional(),
  map: z.string().max(5).optional(),
})
  .refine((q) => [q.north, q.south, q.east, q.west].every((b) => b === undefined)
    || [q.north, q.south, q.east, q.west].every((b) => b !== undefined), { error: M.invalidBounds, path: ['north'] })
  .refine((q) => q.north === undefined || q.south === undefined || q.north >= q.south, { error: M.invalidBounds, path: ['north'] })
  .refine((q) => q.east === undefined || q.west === undefined || q.east >= q.west, { error: M.invalidBounds, path: ['east'] });
export type TMyPropertiesV2Query = z.infer<typeof ZMyPropertiesV2Query>;

/** Query of `GET /api/v1/property/{puid}/stats?days=30`. */
export const ZStatsQuery = z.object({
  days: z.coerce.number({ error: M.invalidDays })
    .pipe(z.number({ error: M.invalidDays }).int(M.invalidDays).min(1, M.invalidDays).max(STATS_MAX_DAYS, M.invalidDays))
    .optional(),
});

/** One day of a listing's series (`day` is YYYY-MM-DD, Mexico City calendar). */
export const ZDailyStats = z.object({
  day: z.string(),
  appears: z.number().int(),
  views: z.number().int(),
  likes: z.number().int(),
  inquiries: z.number().int(),
  leads: z.number().int(),
  shares: z.number().int(),
});
export type TDailyStats = z.infer<typeof ZDailyStats>;

/** The last `days` days, oldest first, every day present (zeros when nothing happened), and the lifetime totals. */
export const ZListingStats = z.object({
  puid: z.string(),
  days: z.number().int(),
  series: z.array(ZDailyStats),
  totals: ZOwnerStats,
});
export type TListingStats = z.infer<typeof ZListingStats>;

/**
 * Body of `POST /api/v1/leads/contact` (spec 03 §7; issue 4 "Contact"). `phone` is parsed by libphonenumber-js with
 * Mexico as the default country on the server and stored in E.164; `email` is trimmed and lower-cased.
 */
export const ZLeadContact = z.object({
  puid: z.string({ error: L.puidRequired }).trim().min(1, L.puidRequired).max(100, L.puidRequired),
  name: z.string({ error: L.nameRequired }).trim().min(1, L.nameRequired).max(80, L.nameTooLong),
  /** Checked and normalised to E.164 on the server (libphonenumber-js, default country MX). */
  phone: z.string({ error: L.phoneRequired }).trim().min(1, L.phoneRequired).max(30, L.phoneInvalid),
  email: z.string({ error: L.emailRequired }).trim().min(1, L.emailRequired).max(254, L.emailInvalid)
    .pipe(z.email({ error: L.emailInvalid })).transform((s) => s.toLowerCase()),
  message: z.string({ error: L.messageRequired }).trim().min(1, L.messageRequired).max(2000, L.messageTooLong),
});
export type TLeadContact = z.infer<typeof ZLeadContact>;
export type TLeadContactInput = z.input<typeof ZLeadContact>;

export const ZLeadResult = z.object({ luid: z.string(), emailed: z.boolean() });
export type TLeadResult = z.infer<typeof ZLeadResult>;

/** GET /api/v1/leads?page — the signed-in owner's contact-form messages from people without an account (issue 11). */
export const ZOwnerLeadsQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
/** One such message: who wrote (as they typed it), about which listing, and when (ISO). */
export const ZOwnerLead = z.object({
  luid: z.string(), puid: z.string(), title: z.string(), slug: z.string(), name: z.string(), phone: z.string(), email: z.string(),
  message: z.string(), created_at: z.string(),
});
export const ZOwnerLeadList = z.object({ leads: z.array(ZOwnerLead), page: z.number(), hasMore: z.boolean() });
export type TOwnerLead = z.infer<typeof ZOwnerLead>;
