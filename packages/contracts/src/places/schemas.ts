import { z } from '../common/zod-locale.ts';

export const PLACE_KINDS = ['region', 'locality', 'neighbourhood', 'postal_code', 'street'] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

/**
 * Query of `GET /api/v1/places/autocomplete`. Any text is accepted (a repeated `q` takes the first; longer than 500
 * characters is cut, and then matches nothing); empty or absurd text gives an empty list, never an error.
 * `limit` 1–20 (default 8); a value out of range is clamped, a non-number ignored.
 */
export const ZAutocompleteQuery = z.object({
  q: z.preprocess(
    (v) => (Array.isArray(v) ? v[0] : v),
    z.string().optional().default('').transform((s) => s.slice(0, 500)),
  ).catch(''),
  limit: z.preprocess(
    (v) => {
      const n = Number(Array.isArray(v) ? v[0] : v);
      return Number.isFinite(n) ? Math.min(20, Math.max(1, Math.floor(n))) : undefined;
    },
    z.number().int().min(1).max(20).optional(),
  ),
});

/** Params of `GET /api/v1/places/{slug}`: a place slug ('providencia-guadalajara') or a looser name ('providencia'). */
export const ZPlaceSlugParams = z.object({ slug: z.string().max(200) });

/** Address components (spec 01 §2 "Search bar modes": parsed address of a chosen place). */
export const ZAddressComponents = z.object({
  route: z.string().nullable(),
  street_number: z.string().nullable(),
  subpremise: z.string().nullable(),
  sublocality: z.string().nullable(),
  locality: z.string().nullable(),
  state_long: z.string().nullable(),
  state_short: z.string().nullable(),
  country_short: z.literal('MX'),
  postal_code: z.string().nullable(),
});

/** One suggestion. lat/lng in degrees; zoom by kind (spec 01 §9). */
export const ZPlaceSuggestion = z.object({
  id: z.string(),
  label: z.string(),
  kind: z.enum(PLACE_KINDS),
  slug: z.string(),
  components: ZAddressComponents,
  lat: z.number(),
  lng: z.number(),
  bounds: z.object({ north: z.number(), south: z.number(), east: z.number(), west: z.number() }).nullable(),
  zoom: z.number(),
});
export type TPlaceSuggestion = z.infer<typeof ZPlaceSuggestion>;

/**
 * A place's outline (issue 9 §2–§3): the area `place=` searches are narrowed to, as a GeoJSON MultiPolygon ([lng, lat]
 * degrees). `source`: 'boundary' its own polygon (INEGI municipality or state, a colonia), 'bounds' the rectangle of
 * its bbox, 'radius' a circle around its point (a place known only by a point).
 */
export const ZPlaceOutline = z.object({
  type: z.literal('MultiPolygon'),
  coordinates: z.array(z.array(z.array(z.tuple([z.number(), z.number()])))),
  source: z.enum(['boundary', 'bounds', 'radius']),
});
export type TPlaceOutline = z.infer<typeof ZPlaceOutline>;
