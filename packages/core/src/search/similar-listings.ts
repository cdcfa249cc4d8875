import type { TPropertySummary, TSearchQuery } from '@nj/contracts';

/**
 * The rule of "similar listings" on a detail page and on the page of a listing no longer available (issue 9 §4:
 * same operation and type, nearby, price within ±20 %; issue 7 §7). Pure: the verb list-similar-properties.ts runs
 * the queries this builds against the in-memory search index.
 */

/** Price band around the listing's price: ±20 %. */
export const SIMILAR_PRICE_TOLERANCE = 0.2;
/** How far around the listing similar ones are looked for, in degrees of latitude/longitude (≈ 9 km, then ≈ 55 km). */
export const SIMILAR_RADII_DEG = [0.08, 0.5] as const;

/** What the rule looks at in the listing similar ones are found for (a card summary has all of it). */
export type SimilarTarget = Pick<TPropertySummary, 'uid' | 'lat' | 'lng' | 'property_type' | 'price'>;

/**
 * The price band in MXN for `target`'s shown price (its operation's, converted with the configured rates):
 * [price × 0.8, price × 1.2], rounded outwards to whole pesos; null when the listing shows no price (0), then any
 * price is similar.
 */
export function similarPriceBand(target: SimilarTarget): { min: number; max: number } | null {
  const mxn = target.price.amount_mxn;
  if (!(mxn > 0)) return null;
  return { min: Math.floor(mxn * (1 - SIMILAR_PRICE_TOLERANCE)), max: Math.ceil(mxn * (1 + SIMILAR_PRICE_TOLERANCE)) };
}

/**
 * The map-search query (ZSearchQuery) for listings similar to `target` within `radiusDeg` degrees: same operation
 * (the one its shown price is for) and property type, active, inside the price band, newest first.
 */
export function similarSearchQuery(target: SimilarTarget, radiusDeg: number): TSearchQuery {
  const band = similarPriceBand(target);
  return {
    north: Math.min(85, target.lat + radiusDeg), south: Math.max(-85, target.lat - radiusDeg),
    east: Math.min(180, target.lng + radiusDeg), west: Math.max(-180, target.lng - radiusDeg),
    op_type: target.price.op_type, property_types: [target.property_type], status: 'active', order_by: 'newest',
    ...(band ? { price_min: band.min, price_max: band.max } : {}),
  };
}

/**
 * True when `candidate` is similar to `target`: another listing, same property type, priced for the same operation
 * on the same basis (total, per m², per ha), and inside the price band (any price when the target shows none).
 */
export function isSimilar(target: SimilarTarget, candidate: TPropertySummary): boolean {
  if (candidate.uid === target.uid || candidate.property_type !== target.property_type) return false;
  if (candidate.price.op_type !== target.price.op_type || candidate.price.based_on !== target.price.based_on) return false;
  const band = similarPriceBand(target);
  return !band || (candidate.price.amount_mxn >= band.min && candidate.price.amount_mxn <= band.max);
}

/** Distance between two points in km (equirectangular; exact enough within tens of km). */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const x = (b.lng - a.lng) * rad * Math.cos(((a.lat + b.lat) / 2) * rad);
  const y = (b.lat - a.lat) * rad;
  return Math.sqrt(x * x + y * y) * 6371;
}

/** The similar ones among `candidates`, each once, nearest to `target` first (newer first at equal distance), at most `limit`. */
export function rankSimilar(target: SimilarTarget, candidates: TPropertySummary[], limit: number): TPropertySummary[] {
  const seen = new Set<string>();
  const similar = candidates.filter((c) => isSimilar(target, c) && !seen.has(c.uid) && seen.add(c.uid));
  return similar
    .map((c, i) => ({ c, i, d: distanceKm(target, c) }))
    .sort((a, b) => a.d - b.d || a.i - b.i)
    .slice(0, limit)
    .map(({ c }) => c);
}
