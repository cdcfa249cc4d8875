/** Minimal GeoJSON helpers for the derivation: bounding boxes, point in polygon, nearest polygon. */
import { polygonContains, type Ring } from '@nj/geo/geometry';

export type { Ring };
export type Geometry = { type: 'Polygon'; coordinates: Ring[] } | { type: 'MultiPolygon'; coordinates: Ring[][] };
export type Feature<P> = { type: 'Feature'; properties: P; geometry: Geometry };
export type BBox = [number, number, number, number]; // min_lng, min_lat, max_lng, max_lat

export function polygonsOf(g: Geometry): Ring[][] {
  return g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
}

export function bboxOf(g: Geometry): BBox {
  const b: BBox = [Infinity, Infinity, -Infinity, -Infinity];
  for (const poly of polygonsOf(g)) {
    for (const [x, y] of poly[0] ?? []) {
      if (x < b[0]) b[0] = x;
      if (y < b[1]) b[1] = y;
      if (x > b[2]) b[2] = x;
      if (y > b[3]) b[3] = y;
    }
  }
  return b;
}

/** Even-odd test against every part (outer ring minus holes). */
export function containsPoint(g: Geometry, lng: number, lat: number): boolean {
  for (const poly of polygonsOf(g)) {
    if (polygonContains(poly, lng, lat)) return true;
  }
  return false;
}

function segmentDistance(px: number, py: number, [ax, ay]: [number, number], [bx, by]: [number, number]): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len = dx * dx + dy * dy;
  const t = len === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** Distance in degrees from the point to the polygon's outline (0 inside is not implied). */
export function distanceToOutline(g: Geometry, lng: number, lat: number): number {
  let best = Infinity;
  for (const poly of polygonsOf(g)) {
    for (const ring of poly) {
      for (let i = 1; i < ring.length; i++) best = Math.min(best, segmentDistance(lng, lat, ring[i - 1]!, ring[i]!));
    }
  }
  return best;
}

/** A bbox-prefiltered index over features for "which feature holds this point". */
export class PolygonIndex<P> {
  private items: { feature: Feature<P>; bbox: BBox }[];
  constructor(features: Feature<P>[]) {
    this.items = features.map((feature) => ({ feature, bbox: bboxOf(feature.geometry) }));
  }

  /** The feature containing the point, else the nearest one within `tolerance` degrees (coast simplification). */
  find(lng: number, lat: number, tolerance = 0): Feature<P> | null {
    for (const { feature, bbox } of this.items) {
      if (lng < bbox[0] || lng > bbox[2] || lat < bbox[1] || lat > bbox[3]) continue;
      if (containsPoint(feature.geometry, lng, lat)) return feature;
    }
    if (tolerance <= 0) return null;
    let best: { feature: Feature<P>; d: number } | null = null;
    for (const { feature, bbox } of this.items) {
      if (lng < bbox[0] - tolerance || lng > bbox[2] + tolerance || lat < bbox[1] - tolerance || lat > bbox[3] + tolerance) continue;
      const d = distanceToOutline(feature.geometry, lng, lat);
      if (d <= tolerance && (!best || d < best.d)) best = { feature, d };
    }
    return best?.feature ?? null;
  }
}
