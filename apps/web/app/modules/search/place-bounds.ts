import type { TPlaceSuggestion } from '@nj/contracts/places/schemas';
import { placeViewport, roundDegrees } from '@nj/contracts/search/place-viewport';

export type Bounds = { north: number; south: number; east: number; west: number };

/**
 * The map bounds to show for a chosen place: its own bounds when known, otherwise a box around its point sized for
 * its zoom (about a 1000×700 px viewport with 512 px tiles). Degrees. The rule is contracts' placeViewport, which the
 * sitemap's query follows too.
 */
export function boundsForPlace(place: Pick<TPlaceSuggestion, 'lat' | 'lng' | 'bounds' | 'zoom'>): Bounds {
  return placeViewport(place);
}

/** Six decimals (~0.1 m) keep URLs short. */
export function round(n: number): number {
  return roundDegrees(n);
}
