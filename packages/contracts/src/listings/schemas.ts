import { z } from '../common/zod-locale.ts';
import {
  AMENITY_FLAGS, AREA_UNITS, CURRENCIES, MX_STATES, PRICE_BASES, PROPERTY_TYPES, applicableAttributes,
  type AttributeField, type PropertyType,
} from '../catalogue/vocabularies.ts';
import { LISTING_AGENT_MESSAGES, LISTING_FIELD_MESSAGES as F } from './messages.ts';
import { DEFAULT_EXCHANGE_RATES, isConstructionYear, listingBoundIssues, MIN_CONSTRUCTION_YEAR, type ExchangeRates } from './bounds.ts';

/** Limits of listing photos (issue 4 "Photos"). Sizes in bytes and px. */
export const LISTING_PHOTO = {
  /** Largest accepted upload, per file: 15 MB. */
  maxBytes: 15 * 1024 * 1024,
  /** Most photos one listing keeps. */
  maxPhotos: 30,
  /** Accepted kinds, checked by content. */
  extensions: ['jpg', 'jpeg', 'png', 'webp', 'heic'] as const,
  /** Multipart field name of the files (any field name with a filename is accepted; this is the documented one). */
  field: 'images',
  /** Card variant (spec 01 §2, §9): 305 px wide, 4:3. */
  card: { width: 305, height: 229 },
  /** Thumb variant: 160 px wide, 4:3. */
  thumb: { width: 160, height: 120 },
  /** Full variant: longest side at most this, never enlarged. */
  fullMaxSide: 1600,
  /**
   * Large uploads (issue 8 §4): a photo declaring more pixels than this, or a HEIC file (its size is known only by
   * decoding) over inlineMaxHeicBytes, is checked in the request but processed by the job queue `photos.process`
   * after the answer (`processing: true` until its variants exist). Smaller ones are processed in the request.
   */
  inlineMaxPixels: 4_000_000,
  inlineMaxHeicBytes: 512 * 1024,
} as const;

/** Where a listing photo's variants are served: `/media/properties/{puid}/{name}{_thumb|_card|}.webp` (spec 01 §7). */
export function listingPhotoKey(puid: string, name: string, variant: 'thumb' | 'card' | 'full'): string {
  return `properties/${puid}/${name}${variant === 'full' ? '' : `_${variant}`}.webp`;
}

/**
 * Construction-year choices for `year` (spec 01 §3; issue 9 §6): building, first_use, then every year from `year`
 * down to MIN_CONSTRUCTION_YEAR (1800), as strings. isConstructionYear accepts exactly these.
 */
export function constructionYearOptions(year: number = new Date().getFullYear()): string[] {
  const years: string[] = [];
  for (let y = year; y >= MIN_CONSTRUCTION_YEAR; y--) years.push(String(y));
  return ['building', 'first_use', ...years];
}

const msg = (path: string) => ({ error: F[path] ?? path });
const text = (path: string, max: number) => z.string(msg(path)).trim().min(1, msg(path)).max(max, msg(path));
const optText = (path: string, max: number) =>
  z.string(msg(path)).trim().max(max, msg(path)).nullish().transform((v) => (v ? v : null));
const int = (path: string, min: number, max: number) => z.number(msg(path)).int(msg(path)).min(min, msg(path)).max(max, msg(path)).nullish().transform((v) => v ?? null);
const amount = (path: string, min: number, gt = false) =>
  (gt ? z.number(msg(path)).gt(min, msg(path)) : z.number(msg(path)).min(min, msg(path))).max(1e13, msg(path));

const commissionFor = (side: 'rents' | 'sales') => {
  const types = side === 'rents' ? (['none', 'percentaje', 'months', 'fixed_amount'] as const) : (['none', 'percentaje', 'fixed_amount'] as const);
  return z.object({
    commission_type: z.enum(types, msg(`${side}.commission.commission_type`)).default('none'),
    value: z.number(msg(`${side}.commission.value`)).nullish().transform((v) => v ?? null),
    currency_type: z.enum(CURRENCIES, msg(`${side}.commission.currency_type`)).default('mxn'),
  }).superRefine((c, ctx) => {
    const v = c.value;
    const bad = c.commission_type === 'none' ? false
      : v === null || !Number.isFinite(v) || v <= 0
        || (c.commission_type === 'percentaje' && v > 100)
        || (c.commission_type === 'months' && v > 24)
        || v > 1e12;
    if (bad) ctx.addIssue({ code: 'custom', path: ['value'], message: F[`${side}.commission.value`]! });
  });
};

const pricingFor = (side: 'rents' | 'sales') => z.object({
  price: amount(`${side}.price`, 0, true),
  currency_type: z.enum(CURRENCIES, msg(`${side}.currency_type`)).default('mxn'),
  based_on: z.enum(PRICE_BASES, msg(`${side}.based_on`)).default('valor_total'),
  commission: commissionFor(side).default({ commission_type: 'none', value: null, currency_type: 'mxn' }),
}, msg(side));

/** Pricing of one operation as the form sends it (spec 01 §3 "Pricing"). Price in `currency_type`. */
export const ZRentPricingInput = pricingFor('rents');
export const ZSalePricingInput = pricingFor('sales');

const STATE_SLUGS = MX_STATES.map((s) => s.slug) as [string, ...string[]];

/**
 * The object shape of a listing as the publish/edit form sends it, before cross-field rules. Units: prices in
 * their currency; construction_area m²; land.area in land.unit (m2 or ha); maintenance MXN a month; lat/lng degrees.
 */
export const ZListingFields = z.object({
  operation: z.enum(['renta', 'venta', 'both'], msg('operation')),
  property_type: z.enum(PROPERTY_TYPES, msg('property_type')),
  location: z.object({
    street: text('location.street', 200),
    number_ext: text('location.number_ext', 30),
    number_int: optText('location.number_int', 30),
    neighborhood: text('location.neighborhood', 150),
    municipality: text('location.municipality', 150),
    city: optText('location.city', 150),
    state: z.enum(STATE_SLUGS, msg('location.state')),
    zip: z.string(msg('location.zip')).trim().regex(/^\d{5}$/, msg('location.zip')),
    lat: z.number(msg('location.lat')).min(14.3, msg('location.lat')).max(32.9, msg('location.lat')),
    lng: z.number(msg('location.lng')).min(-118.7, msg('location.lng')).max(-86.4, msg('location.lng')),
  }, msg('location.street')),
  rooms: int('rooms', 0, 100),
  bathrooms: int('bathrooms', 0, 100),
  half_bathrooms: int('half_bathrooms', 0, 100),
  parking_spots: int('parking_spots', 0, 1000),
  construction_area: amount('construction_area', 0, true).nullish().transform((v) => v ?? null),
  land: z.object({
    area: amount('land.area', 0, true).nullish().transform((v) => v ?? null),
    unit: z.enum(AREA_UNITS, msg('land.unit')).default('m2'),
  }).nullish().transform((v) => v ?? null),
  construction_year: z.string(msg('construction_year')).nullish().transform((v) => v ?? null),
  floors: int('floors', 1, 300),
  apt_floor: int('apt_floor', 0, 300),
  apt_total_floors: int('apt_total_floors', 1, 300),
  monthly_maintenance_fee: amount('monthly_maintenance_fee', 0).nullish().transform((v) => v ?? null),
  amenities: z.array(z.enum(AMENITY_FLAGS, msg('amenities')), msg('amenities')).max(AMENITY_FLAGS.length, msg('amenities')).default([]),
  rents: ZRentPricingInput.nullish().transform((v) => v ?? null),
  sales: ZSalePricingInput.nullish().transform((v) => v ?? null),
  description: optText('description', 5000),
});

/** Which columns an attribute field of spec 01 §3 covers ('apt_floors' is the apartment floor and its building's total). */
const ATTRIBUTE_KEYS: Record<AttributeField, string[]> = {
  rooms: ['rooms'], bathrooms: ['bathrooms'], half_bathrooms: ['half_bathrooms'], parking_spots: ['parking_spots'],
  construction_area: ['construction_area'], land: ['land'], construction_year: ['construction_year'], floors: ['floors'],
  apt_floors: ['apt_floor', 'apt_total_floors'], monthly_maintenance_fee: ['monthly_maintenance_fee'],
};

/** The ZListingFields keys that apply to `type` (applicableAttributes), e.g. 'rooms', 'land', 'apt_floor'. */
export function applicableListingKeys(type: PropertyType): Set<string> {
  return new Set(applicableAttributes(type).flatMap((f) => ATTRIBUTE_KEYS[f]));
}
const ALL_ATTRIBUTE_KEYS = Object.values(ATTRIBUTE_KEYS).flat();

/**
 * A listing as the publish/edit form sends it and the server checks it (issue 4 "Create and edit"; spec 01 §3), with
 * the plausibility bounds of issue 9 §6 (listings/bounds.ts: prices in MXN converted with `rates`, maintenance below
 * the rent, areas, construction year 1800 to now).
 * Cross-field rules: the pricing of each chosen operation is required (rents for renta, sales for venta, both for
 * both) and the other one is dropped; attributes that do not apply to the type (spec 01 §3 table) are cleared to
 * null (and not checked); construction_year is 'building', 'first_use' or a year from 1800 to the current year;
 * apt_total_floors ≥ apt_floor. The SAME schema runs in the browser form (with DEFAULT_EXCHANGE_RATES) and on the
 * server (with ServerConfig.exchangeRates); `listingFieldErrors` turns its issues into the Spanish per-field messages.
 */
export function listingInputSchema(rates: ExchangeRates = DEFAULT_EXCHANGE_RATES) {
  return ZListingFields.superRefine((v, ctx) => {
    const rentChosen = v.operation === 'renta' || v.operation === 'both';
    const saleChosen = v.operation === 'venta' || v.operation === 'both';
    if (rentChosen && !v.rents) ctx.addIssue({ code: 'custom', path: ['rents'], message: F.rents! });
    if (saleChosen && !v.sales) ctx.addIssue({ code: 'custom', path: ['sales'], message: F.sales! });
    const applies = applicableListingKeys(v.property_type);
    const year = applies.has('construction_year') ? v.construction_year : null;
    if (year !== null && !isConstructionYear(year) && !/^\d{1,4}$/.test(year)) {
      ctx.addIssue({ code: 'custom', path: ['construction_year'], message: F.construction_year! });
    }
    if (applies.has('apt_floor') && v.apt_floor !== null && v.apt_total_floors !== null && v.apt_total_floors < v.apt_floor) {
      ctx.addIssue({ code: 'custom', path: ['apt_total_floors'], message: F.apt_total_floors! });
    }
    const bounds = listingBoundIssues({
      property_type: v.property_type,
      rents: rentChosen ? v.rents : null,
      sales: saleChosen ? v.sales : null,
      construction_area: applies.has('construction_area') ? v.construction_area : null,
      land: applies.has('land') ? v.land : null,
      monthly_maintenance_fee: applies.has('monthly_maintenance_fee') ? v.monthly_maintenance_fee : null,
      construction_year: year !== null && /^\d{1,4}$/.test(year) ? year : null,
    }, rates);
    for (const issue of bounds) ctx.addIssue({ code: 'custom', path: issue.path.split('.'), message: issue.message });
  }).transform((v) => {
    const applies = applicableListingKeys(v.property_type);
    const out: Record<string, unknown> = { ...v };
    for (const key of ALL_ATTRIBUTE_KEYS) if (!applies.has(key)) out[key] = null;
    if (v.operation === 'venta') out.rents = null;
    if (v.operation === 'renta') out.sales = null;
    out.amenities = [...new Set(v.amenities)];
    return out as typeof v;
  });
}

/** listingInputSchema with DEFAULT_EXCHANGE_RATES: what the browser form checks before each step. */
export const ZListingInput = listingInputSchema();
export type TListingInput = z.output<typeof ZListingInput>;
/** What the form holds before parsing (every field may still be missing or wrong). */
export type TListingFormValues = z.input<typeof ZListingInput>;

/**
 * Zod issues of ZListingInput → `{ 'location.zip': 'El código postal debe tener 5 dígitos', … }`: one Spanish
 * message per field (a cross-field or bound rule's own message, else LISTING_FIELD_MESSAGES by dot path, else the
 * issue's own Spanish text; the first issue of a field wins). Array items report on the array ('amenities').
 */
export function listingFieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.filter((p) => typeof p === 'string').join('.') || 'data';
    fields[path] ??= issue.code === 'custom' ? issue.message : (F[path] ?? issue.message);
  }
  return fields;
}

/** Body of POST /api/v1/property as JSON (no images): the listing under `data`, optionally the draft it came from. */
export const ZCreateListingBody = z.object({ data: z.unknown(), draft_id: z.string().max(64).optional() });
/** Body of PUT /api/v1/property/{id}: the whole listing under `data` (same schema as creating). */
export const ZUpdateListingBody = z.object({ data: z.unknown() });
/** Body of PUT /api/v1/property/{puid}/images: every photo name once, first = cover. */
export const ZOrderImagesBody = z.object({ images: z.array(z.string().max(64)).max(LISTING_PHOTO.maxPhotos) });
/** Body of PUT /api/v1/property/{puid}/is_active. */
export const ZSetActiveBody = z.object({ is_active: z.boolean() });
/** PUT /api/v1/property/{id}/agent — `{ email }` of a registered agent, or null to remove the agent. */
export const ZAssignAgentBody = z.object({
  email: z.string({ error: LISTING_AGENT_MESSAGES.emailInvalid }).trim().toLowerCase().email({ error: LISTING_AGENT_MESSAGES.emailInvalid }).max(254, { error: LISTING_AGENT_MESSAGES.emailInvalid }).nullable(),
});
/** The listing's agent as its owner sees it: public name and the e-mail they typed; null when none. */
export const ZListingAgent = z.object({ agent: z.object({ cuid: z.string(), nickname: z.string().nullable(), email: z.string() }).nullable() });

/** A draft of the form (saved as the person goes): any partial form values (JSON object) and the step reached. */
export const ZDraftBody = z.object({
  data: z.record(z.string(), z.unknown()),
  step: z.number().int().min(0).max(50).default(0),
});
export const ZDraft = z.object({
  id: z.string(),
  data: z.record(z.string(), z.unknown()),
  step: z.number().int(),
  updated_at: z.string(),
});
export type TDraft = z.infer<typeof ZDraft>;
/** Largest draft, bytes of JSON. */
export const DRAFT_MAX_BYTES = 200_000;

/** Answer of the photo calls: the listing's photos by order (first = cover), with their variant URLs. */
export const ZListingImages = z.object({
  uid: z.string(),
  images: z.array(z.object({
    name: z.string(), order: z.number().int(),
    url: z.object({ thumb: z.string(), card: z.string(), full: z.string() }),
    /** The photo is being processed (a large upload): its variant URLs answer 404 until it is ready. */
    processing: z.boolean().optional(),
  })),
});
export type TListingImages = z.infer<typeof ZListingImages>;
