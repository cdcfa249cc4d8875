import { APPROXIMATE_RADIUS_M, type LocationPrecisionValue } from '@nj/contracts/search/location-precision';

/** A GeoJSON polygon feature (what the detail map's area layer draws). */
export type AreaFeature = { type: 'Feature'; properties: Record<string, never>; geometry: { type: 'Polygon'; coordinates: [number, number][][] } };

const EARTH_RADIUS_M = 6_371_008.8;

/**
 * The area an approximate listing's point stands for (issue 10): its radius in metres by precision (colonia ~500 m,
 * postal code ~1 km, locality ~3 km, municipality ~8 km), or null for an exact point (drawn as a pin).
 */
export function approximateRadiusM(precision: LocationPrecisionValue | undefined): number | null {
  if (!precision || precision === 'exact') return null;
  return APPROXIMATE_RADIUS_M[precision] ?? null;
}

/**
 * A circle of `radiusM` metres around lat/lng (degrees) as a closed GeoJSON polygon of `steps` vertices (spherical
 * destination formula; good for the few kilometres the detail map draws). Coordinates are [lng, lat].
 */
export function circlePolygon(lat: number, lng: number, radiusM: number, steps = 64): AreaFeature {
  const φ1 = (lat * Math.PI) / 180;
  const λ1 = (lng * Math.PI) / 180;
  const δ = radiusM / EARTH_RADIUS_M;
  const ring: [number, number][] = [];
  for (let i = 0; i <= steps; i++) {
    const θ = ((i % steps) / steps) * 2 * Math.PI;
    const φ2 = Math.asin(Math.sin(φ1) * Math.cos(δ) + Math.cos(φ1) * Math.sin(δ) * Math.cos(θ));
    const λ2 = λ1 + Math.atan2(Math.sin(θ) * Math.sin(δ) * Math.cos(φ1), Math.cos(δ) - Math.sin(φ1) * Math.sin(φ2));
    ring.push([(λ2 * 180) / Math.PI, (φ2 * 180) / Math.PI]);
  }
  return { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [ring] } };
}

/**
 * The distance in metres from (lat, lng) to the farthest vertex of an outline (GeoJSON MultiPolygon, [lng, lat]):
 * the radius the map must show to see the whole outline around the point.
 */
export function outlineRadiusM(outline: { coordinates: [number, number][][][] }, lat: number, lng: number): number {
  const cosLat = Math.cos((lat * Math.PI) / 180);
  let max = 0;
  for (const polygon of outline.coordinates) {
    for (const [x, y] of polygon[0] ?? []) {
      const d = Math.hypot(((y - lat) * Math.PI) / 180, (((x - lng) * Math.PI) / 180) * cosLat) * EARTH_RADIUS_M;
      if (d > max) max = d;
    }
  }
  return max;
}

/**
 * The map zoom at which a circle of `radiusM` metres at latitude `lat` fills about half of a 300-pixel-high map
 * (Web Mercator, 512-px tiles as MapLibre uses), capped to 16: 500 m ≈ 14, 8 km ≈ 10.
 */
export function zoomForRadius(radiusM: number, lat: number): number {
  const metresPerPixelAtZ0 = (2 * Math.PI * EARTH_RADIUS_M * Math.cos((lat * Math.PI) / 180)) / 512;
  const zoom = Math.log2((metresPerPixelAtZ0 * 150) / (2 * radiusM));
  return Math.max(3, Math.min(16, Math.round(zoom * 2) / 2));
}
