import { toMxn, type ExchangeRates } from '../properties/exchange-rates.ts';

/**
 * The de-duplication rule (issue 16 'Cross-source de-duplication'; decision 034): two listings describe the same
 * home when all of these hold.
 * - Same operation: they share rent or sale, and the prices of a shared operation agree.
 * - Within DUP_DISTANCE_M (80 m) of each other (great-circle distance of their points); listings whose point is a
 *   place's centre (approximate, issue 10) are never grouped.
 * - Price within DUP_PRICE_TOLERANCE (±3 %) in MXN (exchange-rates.ts), of the lower of the two; a missing or zero
 *   price never matches.
 * - Compatible type (compatibleTypes: the same type, or both residential: house, casa_con_uso_de_suelo, apartment
 *   and edificio are told apart, but a house and a 'casa con uso de suelo' are one; see TYPE_FAMILY).
 * - Rooms equal when both are known (an unknown count matches any); construction area (else land area) within
 *   ±DUP_AREA_TOLERANCE (10 %) when both are known.
 * - Different parties: not the same owner on the same source (one owner publishing twice on one site is a
 *   re-post, not another source); imported rows have no owner, so two imported rows always count as different
 *   advertisers.
 */
export const DUP_DISTANCE_M = 80;
export const DUP_PRICE_TOLERANCE = 0.03;
export const DUP_AREA_TOLERANCE = 0.10;

/** What the rule reads of a listing (one row of dedup-repository `candidates`). Prices in their own currency. */
export type DupCandidate = {
  puid: string;
  source: string;
  owner_cuid: string | null;
  lat: number;
  lng: number;
  approximate: boolean;
  is_renta: boolean;
  is_venta: boolean;
  property_type: string;
  rent_price: number | null;
  rent_currency: string;
  sale_price: number | null;
  sale_currency: string;
  rooms: number | null;
  construction_area: number | null;
  land_area: number | null;
  /** For choosing the representative: photos, verification, publication time (ms), filled facts. */
  images: number;
  verified: boolean;
  published_ms: number;
  filled: number;
};

/** Types that may describe the same home on two sites (the rest must match exactly). */
const TYPE_FAMILY: Record<string, string> = {
  house: 'house', casa_con_uso_de_suelo: 'house',
  land: 'land', terreno_comercial: 'land', terreno_industrial: 'land',
  bodega_comercial: 'bodega', bodega_industrial: 'bodega', nave_industrial: 'bodega',
  local_comercial: 'local', local_en_centro_comercial: 'local',
};

/** True when the two property types may be one home (same type, or the same family of TYPE_FAMILY). */
export function compatibleTypes(a: string, b: string): boolean {
  if (a === b) return true;
  const fa = TYPE_FAMILY[a];
  return fa !== undefined && fa === TYPE_FAMILY[b];
}

/** Great-circle distance in metres between two points in degrees (haversine, mean Earth radius). */
export function distanceM(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const r = Math.PI / 180;
  const dLat = (lat2 - lat1) * r;
  const dLng = (lng2 - lng1) * r;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** True when two positive prices in MXN are within DUP_PRICE_TOLERANCE of the lower one. */
export function pricesAgree(a: number, b: number): boolean {
  if (!(a > 0) || !(b > 0)) return false;
  return Math.abs(a - b) <= DUP_PRICE_TOLERANCE * Math.min(a, b) + 1e-9;
}

function sizesAgree(a: number | null, b: number | null): boolean {
  if (a === null || b === null || !(a > 0) || !(b > 0)) return true;
  return Math.abs(a - b) <= DUP_AREA_TOLERANCE * Math.min(a, b) + 1e-9;
}

/** True when `a` and `b` pass every condition of the rule above (symmetric). `rates`: MXN per USD and EUR. */
export function isDuplicatePair(a: DupCandidate, b: DupCandidate, rates: ExchangeRates): boolean {
  if (a.puid === b.puid || a.approximate || b.approximate) return false;
  if (a.owner_cuid !== null && a.owner_cuid === b.owner_cuid && a.source === b.source) return false;
  if (!compatibleTypes(a.property_type, b.property_type)) return false;
  if (a.rooms !== null && b.rooms !== null && a.rooms !== b.rooms) return false;
  const bothBuilt = a.construction_area !== null && b.construction_area !== null;
  if (!(bothBuilt ? sizesAgree(a.construction_area, b.construction_area) : sizesAgree(a.land_area, b.land_area))) return false;
  if (distanceM(a.lat, a.lng, b.lat, b.lng) > DUP_DISTANCE_M) return false;
  const rent = a.is_renta && b.is_renta
    && pricesAgree(toMxn(a.rent_price ?? 0, a.rent_currency, rates), toMxn(b.rent_price ?? 0, b.rent_currency, rates));
  const sale = a.is_venta && b.is_venta
    && pricesAgree(toMxn(a.sale_price ?? 0, a.sale_currency, rates), toMxn(b.sale_price ?? 0, b.sale_currency, rates));
  return rent || sale;
}

/**
 * Which member of a group search shows (decision 034): a verified listing first, then one published on this site
 * by its owner (source 'owner'), then the most photos, then the most filled facts, then the newest, then the
 * smallest puid (the same answer in every process). Returns a negative number when `a` comes first.
 */
export function compareRepresentatives(a: DupCandidate, b: DupCandidate): number {
  return Number(b.verified) - Number(a.verified)
    || Number(b.source === 'owner') - Number(a.source === 'owner')
    || b.images - a.images
    || b.filled - a.filled
    || b.published_ms - a.published_ms
    || (a.puid < b.puid ? -1 : a.puid > b.puid ? 1 : 0);
}
