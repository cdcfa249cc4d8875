/**
 * How precisely a listing's point is known (issue 10; properties.location_precision, migration 016): 'exact' is the
 * listing's own point; the others mean lat/lng is the centre of that kind of place (an imported row geocoded from its
 * address), so cards say 'Ubicación aproximada' and maps draw an area, not a pin.
 *
 * Plain constants without Zod, so the browser's map code can import them without loading the schemas (issue 9 §8);
 * `search/schemas.ts` re-exports them.
 */
export const LOCATION_PRECISIONS = ['exact', 'colonia', 'postal_code', 'locality', 'municipality'] as const;
export type LocationPrecisionValue = (typeof LOCATION_PRECISIONS)[number];

/** Radius in metres of the area an approximate point stands for, by precision (issue 10: the detail map's circle). */
export const APPROXIMATE_RADIUS_M: Record<Exclude<LocationPrecisionValue, 'exact'>, number> = {
  colonia: 500, postal_code: 1000, locality: 3000, municipality: 8000,
};
