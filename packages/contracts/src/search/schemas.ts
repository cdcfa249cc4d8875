import { z } from '../common/zod-locale.ts';
import { ZAlsoOn } from '../dedup/schemas.ts';
import { AMENITY_FLAGS, CURRENCIES, PRICE_BASES, PROPERTY_TYPES, COMMISSION_TYPES, AREA_UNITS } from '../catalogue/vocabularies.ts';
import { SEARCH_MESSAGES as M } from './messages.ts';
import { ZPublicAdvertiser } from '../property-detail/schemas.ts';
import { LOCATION_PRECISIONS } from './location-precision.ts';
import { ZListingIntegrations } from '../integrations/schemas.ts';
import { ZDrawnAreaParam, ZNearParam } from './drawn-area.ts';
import { DRAWN_AREA_MESSAGES } from './drawn-area-messages.ts';

const num = (name: string) =>
  z.coerce.number({ error: M.invalidParam(name) }).refine(Number.isFinite, { error: M.invalidParam(name) });
const int = (name: string) => num(name).pipe(z.number().int({ error: M.invalidParam(name) }));
/** A bound of the map (degrees): missing → SEARCH_MESSAGES.boundsRequired, malformed → invalidParam, out of range → invalidBounds. */
const bound = (name: string, limit: number) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : typeof v === 'string' || typeof v === 'number' ? Number(v) : Number.NaN),
    z
      .number({ error: (iss) => (iss.input === undefined ? M.boundsRequired : M.invalidParam(name)) })
      .refine(Number.isFinite, { error: M.invalidParam(name) })
      .pipe(z.number().min(-limit, M.invalidBounds).max(limit, M.invalidBounds)),
  );

/** Comma list of allowed values; `all` or empty means no restriction. Trimmed, de-duplicated, sorted (spec 01 §5). */
const commaList = <T extends string>(name: string, allowed: readonly T[]) =>
  z
    .string({ error: M.invalidParam(name) })
    .transform((s, ctx) => {
      const items = [...new Set(s.split(',').map((x) => x.trim()).filter((x) => x && x !== 'all'))].sort();
      for (const item of items) {
        if (!allowed.includes(item as T)) {
          ctx.addIssue({ code: 'custom', message: M.invalidParam(name) });
          return z.NEVER;
        }
      }
      return items as T[];
    });

/**
 * Query of `POST /api/v1/properties/search` (spec 01 §7, issue 2 §4). Bounds in degrees, prices in MXN.
 * `min_*` apply when 0 or more (-1 means none). `page` is 1-based. `place` narrows the bounds to a place's area.
 */
export const ZSearchQuery = z
  .object({
    north: bound('north', 90),
    south: bound('south', 90),
    east: bound('east', 180),
    west: bound('west', 180),
    zoom: num('zoom').pipe(z.number().min(0, M.invalidParam('zoom')).max(22, M.invalidParam('zoom'))).optional(),
    v: z.enum(['1', '2'], { error: M.invalidParam('v') }).optional(),
    map: z.enum(['0', '1'], { error: M.invalidParam('map') }).optional(),
    op_type: z.enum(['rent', 'sale'], { error: M.invalidParam('op_type') }).optional(),
    price_min: num('price_min').pipe(z.number().min(0, M.invalidParam('price_min'))).optional(),
    price_max: num('price_max').pipe(z.number().min(0, M.invalidParam('price_max'))).optional(),
    min_rooms: int('min_rooms').pipe(z.number().min(-1, M.invalidParam('min_rooms')).max(50, M.invalidParam('min_rooms'))).optional(),
    min_bathrooms: int('min_bathrooms').pipe(z.number().min(-1, M.invalidParam('min_bathrooms')).max(50, M.invalidParam('min_bathrooms'))).optional(),
    min_parking_spots: int('min_parking_spots').pipe(z.number().min(-1, M.invalidParam('min_parking_spots')).max(50, M.invalidParam('min_parking_spots'))).optional(),
    property_types: commaList('property_types', PROPERTY_TYPES).optional(),
    amenities: commaList('amenities', AMENITY_FLAGS).optional(),
    status: z.enum(['active', 'inactive'], { error: M.invalidParam('status') }).optional(),
    order_by: z.enum(['newest', 'oldest', 'priciest', 'cheapest'], { error: M.invalidParam('order_by') }).optional(),
    page: int('page').pipe(z.number().min(1, M.invalidParam('page')).max(10_000, M.invalidParam('page'))).optional(),
    /**
     * Issue 9 §2–§3: a place's slug (as the listing pages' `place` parameter writes it: 'guadalajara',
     * 'providencia-guadalajara', 'estado-de-jalisco'). Only listings inside that place's area are counted, listed and
     * clustered (core search/resolve-search-place.ts says which area); an unknown slug is a 404.
     */
    place: z.string({ error: M.invalidParam('place') }).trim().toLowerCase().max(200, M.invalidParam('place'))
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, M.invalidParam('place')).optional(),
    /**
     * Issue 17 (drawn-area.ts): drawn polygons as encoded polylines separated by ',' (at most 5, 3–100 vertices
     * each); only listings inside one of them (and the viewport, and `place` when given) are counted, listed and
     * clustered. Decoded to [lng, lat] rings.
     */
    area: ZDrawnAreaParam.optional(),
    /** Issue 17 'cerca de…': 'lat,lng,km' (km 1, 2, 5 or 10): only listings within that circle. Not with `area`. */
    near: ZNearParam.optional(),
  })
  .refine((q) => q.area === undefined || q.near === undefined, { error: DRAWN_AREA_MESSAGES.bothAreas, path: ['near'] })
  .refine((q) => q.north >= q.south, { error: M.invalidBounds, path: ['north'] })
  // A viewport across the antimeridian (west > east) is refused: Mexico never needs it.
  .refine((q) => q.east >= q.west, { error: M.invalidBounds, path: ['east'] })
  .refine((q) => q.price_min === undefined || q.price_max === undefined || q.price_min <= q.price_max, {
    error: M.invalidParam('price_min'), path: ['price_min'],
  });
export type TSearchQuery = z.infer<typeof ZSearchQuery>;

export const ZCommission = z.object({
  commission_type: z.enum(COMMISSION_TYPES),
  value: z.number().nullable(),
  currency_type: z.enum(CURRENCIES),
});

/** One side of the pricing model (spec 01 §3 "Pricing"): price in `currency_type`, per `based_on`. */
export const ZPricingPart = z.object({
  price: z.number(),
  currency_type: z.enum(CURRENCIES),
  based_on: z.enum(PRICE_BASES),
  commission: ZCommission,
});
export type TPricingPart = z.infer<typeof ZPricingPart>;

export const ZLocation = z.object({
  street: z.string().nullable(),
  number_ext: z.string().nullable(),
  number_int: z.string().nullable(),
  neighborhood: z.string().nullable(),
  municipality: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
});
export type TLocation = z.infer<typeof ZLocation>;

export const ZImage = z.object({
  name: z.string(),
  order: z.number().int(),
  url: z.object({ thumb: z.string(), card: z.string(), full: z.string() }),
});

/** The price a card shows: the requested operation's pricing, or rent when for rent, else sale (spec 01 §3). */
export const ZShownPrice = z.object({
  op_type: z.enum(['rent', 'sale']),
  amount: z.number(),
  currency_type: z.enum(CURRENCIES),
  based_on: z.enum(PRICE_BASES),
  /** MXN equivalent (configured exchange rate), used by budget filters. */
  amount_mxn: z.number(),
  /** e.g. 'MXN $25,000/mes' or 'USD $250,000'. */
  label: z.string(),
});

export { APPROXIMATE_RADIUS_M, LOCATION_PRECISIONS, type LocationPrecisionValue } from './location-precision.ts';

/** A listing as cards and the map need it. Areas in m² (land may be in ha, see land.unit). */
export const ZPropertySummary = z.object({
  uid: z.string(),
  nj_uid: z.string(),
  slug: z.string(),
  title: z.string(),
  property_type: z.enum(PROPERTY_TYPES),
  is_renta: z.boolean(),
  is_venta: z.boolean(),
  is_active: z.boolean(),
  is_liked: z.boolean(),
  pricing: z.object({ rents: ZPricingPart.nullable(), sales: ZPricingPart.nullable() }),
  price: ZShownPrice,
  rooms: z.number().nullable(),
  bathrooms: z.number().nullable(),
  half_bathrooms: z.number().nullable(),
  parking_spots: z.number().nullable(),
  construction_area: z.number().nullable(),
  land: z.object({ area: z.number().nullable(), unit: z.enum(AREA_UNITS) }),
  location: ZLocation,
  lat: z.number(),
  lng: z.number(),
  images: z.array(ZImage),
  /** Publication time (ISO 8601); null when the source did not say (issue 10). */
  cat: z.string().nullable(),
  /** Issue 10: 'exact', or the kind of place whose centre lat/lng is (then the location is approximate). */
  location_precision: z.enum(LOCATION_PRECISIONS),
  /** Issue 10: true when location_precision is not 'exact' (lat/lng is a place's centre, not the listing's point). */
  approximate: z.boolean(),
  /** Issue 14: when support verified the legitimate owner (ISO 8601); absent on cards of unverified listings. */
  last_verified: z.string().nullable().optional(),
  /** Issue 16 (spec 01 §3 integrations): which listing provider keeps it in sync ('EasyBroker', 'KW' badges). */
  integrations: ZListingIntegrations.optional(),
  /** Issue 16 (decision 034): the other listings of the same home, on a group's one card ('También en…'). */
  also_on: z.array(ZAlsoOn).optional(),
  /** Issue 17: percent the price dropped in the last 30 days ('Bajó de precio'); absent when it did not. */
  price_drop: z.number().optional(),
});
export type TPropertySummary = z.infer<typeof ZPropertySummary>;

/** An area outline as GeoJSON ([lng, lat] degrees): the colonia an approximate listing was placed in (issue 10). */
export const ZApproximateArea = z.object({
  type: z.literal('MultiPolygon'),
  coordinates: z.array(z.array(z.array(z.tuple([z.number(), z.number()])))),
});
export type TApproximateArea = z.infer<typeof ZApproximateArea>;

/** Everything the detail page shows (spec 01 §3 "Property"). */
export const ZPropertyDetail = ZPropertySummary.extend({
  description: z.string().nullable(),
  construction_year: z.string().nullable(),
  floors: z.number().nullable(),
  apt_floor: z.number().nullable(),
  apt_total_floors: z.number().nullable(),
  monthly_maintenance_fee: z.number().nullable(),
  amenities: z.array(z.enum(AMENITY_FLAGS)),
  source: z.string(),
  uat: z.string(),
  likes: z.number(),
  views: z.number(),
  /**
   * The advertiser's public profile (issue 9 §4), or null for a listing with no advertiser account (imported
   * reference listings): nobody would receive a message about it.
   */
  advertiser: ZPublicAdvertiser.nullable(),
  /**
   * Issue 14: when support verified the listing's legitimate owner (an LP ticket completed with the folio real),
   * ISO 8601; null when never ('Propietario verificado' on the page when set).
   */
  last_verified: z.string().nullable().optional(),
  /**
   * Issue 10: for a listing placed at its colonia's centre, that colonia's shipped outline (the map draws it instead
   * of a pin); absent otherwise (an approximate listing without one gets a circle sized by its precision).
   */
  approximate_area: ZApproximateArea.optional(),
});
export type TPropertyDetail = z.infer<typeof ZPropertyDetail>;

/** A map cluster; count 1 is a single listing drawn as a price pin (then `uid` and `price_label` are set). */
export const ZCluster = z.object({
  lat: z.number(),
  lng: z.number(),
  count: z.number().int(),
  bounds: z.object({ north: z.number(), south: z.number(), east: z.number(), west: z.number() }),
  /** Zoom at which this cluster breaks apart (map flies there on click). */
  expansion_zoom: z.number(),
  uid: z.string().optional(),
  slug: z.string().optional(),
  price_label: z.string().optional(),
  /** Issue 10: a single listing whose point is approximate (a place's centre): drawn without a precise pin. */
  approximate: z.boolean().optional(),
  /** Every listing of this group stands at one point (issue 9 §1): the map lists them instead of stacking pins. */
  same_point: z.boolean().optional(),
  /** With same_point: up to 50 of those listings (core search/group-clusters.ts). */
  members: z.array(z.object({ uid: z.string(), slug: z.string(), price_label: z.string() })).optional(),
});
export type TCluster = z.infer<typeof ZCluster>;

export const ZSearchLocation = z.object({
  lat: z.number(), lng: z.number(), city: z.string().nullable(), region: z.string().nullable(), country: z.string(),
});

export const ZSearchResult = z.object({
  properties: z.array(ZPropertySummary),
  clusters: z.array(ZCluster),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  location: ZSearchLocation,
});
export type TSearchResult = z.infer<typeof ZSearchResult>;
