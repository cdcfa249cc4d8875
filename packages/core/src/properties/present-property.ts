import {
  AMENITY_FLAGS, AREA_UNITS, COMMISSION_TYPES, CURRENCIES, LOCATION_PRECISIONS, PRICE_BASES, PROPERTY_TYPES,
  profilePhotoUrls, type AmenityFlag, type TPricingPart, type TPropertyDetail, type TPropertySummary, type TPublicAdvertiser,
} from '@nj/contracts';
import type { PublicAdvertiserRow } from '../advertisers/advertisers-repository.ts';
import type { PropertyRow } from './properties-repository.ts';
import { toMxn, type ExchangeRates } from './exchange-rates.ts';
import type { Operation } from './operation.ts';
import { formatPrice } from '../search/format-price.ts';
import { presentImageList } from './present-images.ts';

/**
 * The one presenter of `properties` rows (issue 8 §3): cards (ZPropertySummary) for the search, the owner's list,
 * likes and similar listings, and the detail page (ZPropertyDetail).
 */

const oneOf = <T extends string>(values: readonly T[], v: string | null | undefined, fallback: T): T =>
  values.includes(v as T) ? (v as T) : fallback;

function iso(d: Date | string): string {
  return d instanceof Date ? d.toISOString() : new Date(d).toISOString();
}

function pricingPart(row: PropertyRow, side: Operation): TPricingPart {
  const p = side === 'rent'
    ? [row.rent_price, row.rent_currency, row.rent_based_on, row.rent_commission_type, row.rent_commission_value, row.rent_commission_currency] as const
    : [row.sale_price, row.sale_currency, row.sale_based_on, row.sale_commission_type, row.sale_commission_value, row.sale_commission_currency] as const;
  return {
    price: p[0] ?? 0,
    currency_type: oneOf(CURRENCIES, p[1], 'mxn'),
    based_on: oneOf(PRICE_BASES, p[2], 'valor_total'),
    commission: { commission_type: oneOf(COMMISSION_TYPES, p[3], 'none'), value: p[4], currency_type: oneOf(CURRENCIES, p[5], 'mxn') },
  };
}

/** Image URLs from the images jsonb, by order; photos still processing are not shown (presentImageList 'hide'). */
function images(row: PropertyRow): TPropertySummary['images'] {
  return presentImageList(row.puid, Array.isArray(row.images) ? row.images : [], 'hide');
}

/**
 * A properties row → the card shape ZPropertySummary (spec 01 §3 pricing model). The shown price is the requested
 * operation's pricing, or rent when the listing is for rent, else sale; `amount_mxn` uses `rates`. `cat` is null for
 * an unknown publication date and `approximate` is true for a geocoded point (issue 10).
 */
export function presentSummary(row: PropertyRow, options: { op: Operation | null; rates: ExchangeRates }): TPropertySummary {
  const rents = row.is_renta ? pricingPart(row, 'rent') : null;
  const sales = row.is_venta ? pricingPart(row, 'sale') : null;
  const op: Operation = options.op ?? (row.is_renta ? 'rent' : 'sale');
  const part = (op === 'rent' ? rents : sales) ?? rents ?? sales ?? pricingPart(row, op);
  const shownOp: Operation = part === rents ? 'rent' : part === sales ? 'sale' : op;
  const precision = oneOf(LOCATION_PRECISIONS, row.location_precision, 'exact');
  return {
    uid: row.puid,
    nj_uid: row.nj_uid,
    slug: row.slug,
    title: row.title,
    property_type: oneOf(PROPERTY_TYPES, row.property_type, 'otro'),
    is_renta: row.is_renta,
    is_venta: row.is_venta,
    is_active: row.is_active,
    is_liked: false,
    pricing: { rents, sales },
    price: {
      op_type: shownOp,
      amount: part.price,
      currency_type: part.currency_type,
      based_on: part.based_on,
      amount_mxn: Math.round(toMxn(part.price, part.currency_type, options.rates) * 100) / 100,
      label: formatPrice(part.price, part.currency_type, shownOp),
    },
    rooms: row.rooms,
    bathrooms: row.bathrooms,
    half_bathrooms: row.half_bathrooms,
    parking_spots: row.parking_spots,
    construction_area: row.construction_area,
    land: { area: row.land_area, unit: oneOf(AREA_UNITS, row.land_unit, 'm2') },
    location: {
      street: row.street, number_ext: row.number_ext, number_int: row.number_int, neighborhood: row.neighborhood,
      municipality: row.municipality, city: row.city, state: row.state, zip: row.zip, lat: row.lat, lng: row.lng,
    },
    lat: row.lat,
    lng: row.lng,
    images: images(row),
    cat: row.published_at === null ? null : iso(row.published_at),
    location_precision: precision,
    approximate: precision !== 'exact',
    // Issue 14: only on listings whose owner support verified (an LP ticket), so other cards stay as they were.
    ...(row.last_verified ? { last_verified: iso(row.last_verified) } : {}),
    // Issue 16 (spec 01 §3 integrations): the source flags, shown as the 'EasyBroker' / 'KW' badge.
    integrations: { easybroker: row.integration === 'easybroker', kw: row.integration === 'kw' },
  };
}

/**
 * The advertiser box's fields (ZPublicAdvertiser; issue 9 §4) from the columns advertiserPolicy makes public:
 * nickname, profile photo URLs, bio, agent and verification flags, `member_since` (ISO 8601 of the account's creation).
 */
export function presentAdvertiser(row: PublicAdvertiserRow): TPublicAdvertiser {
  return {
    nickname: row.nickname?.trim() || null,
    photo: profilePhotoUrls(row.profile_photo_name),
    bio: row.bio?.trim() || null,
    is_agent: row.is_agent,
    is_email_verified: row.is_email_verified,
    is_phone_verified: row.is_phone_verified,
    is_identity_verified: row.is_identity_verified,
    member_since: iso(row.created_at),
  };
}

/**
 * A properties row → ZPropertyDetail: the summary plus description, attributes, amenities, counters and the
 * advertiser's public profile (`advertiser`: the owner's public columns, or null/absent when the listing has no
 * advertiser account — then `advertiser` is null).
 */
export function presentDetail(row: PropertyRow, options: { rates: ExchangeRates; advertiser?: PublicAdvertiserRow | null }): TPropertyDetail {
  return {
    ...presentSummary(row, { op: null, rates: options.rates }),
    description: row.description,
    construction_year: row.construction_year,
    floors: row.floors,
    apt_floor: row.apt_floor,
    apt_total_floors: row.apt_total_floors,
    monthly_maintenance_fee: row.monthly_maintenance_fee,
    amenities: (row.amenities ?? []).filter((a): a is AmenityFlag => (AMENITY_FLAGS as readonly string[]).includes(a)),
    source: row.source,
    uat: iso(row.updated_at),
    likes: row.likes,
    views: row.views,
    advertiser: row.owner_cuid && options.advertiser ? presentAdvertiser(options.advertiser) : null,
    last_verified: row.last_verified ? iso(row.last_verified) : null,
  };
}
