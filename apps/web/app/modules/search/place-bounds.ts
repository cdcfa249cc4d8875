import type { TPlaceSuggestion } from '@nj/contracts/places/schemas';

export type Bounds = { north: number; south: number; east: number; west: number };

/**
 * The map bounds to show for a chosen place: its own bounds when known, otherwise a box around its point sized for
 * its zoom (about a 1000×700 px viewport with 512 px tiles). Degrees.
 */
export function boundsForPlace(place: Pick<TPlaceSuggestion, 'lat' | 'lng' | 'bounds' | 'zoom'>): Bounds {
  if (place.bounds && place.bounds.north > place.bounds.south) return place.bounds;
  const halfLng = 360 / 2 ** place.zoom;
  const halfLat = halfLng * 0.7 * Math.cos((place.lat * Math.PI) / 180);
  return {
    north: round(place.lat + halfLat),
    south: round(place.lat - halfLat),
    east: round(place.lng + halfLng),
    west: round(place.lng - halfLng),
  };
}

/** Six decimals (~0.1 m) keep URLs short. */
export function round(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}
