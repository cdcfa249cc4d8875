import { z } from 'zod';

export const PLACE_KINDS = ['region', 'locality', 'neighbourhood', 'postal_code', 'street'] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

/** Query of `GET /api/v1/places/autocomplete`. Any text is accepted; empty or absurd text gives an empty list. */
export const ZAutocompleteQuery = z.object({ q: z.string().max(500).optional().default(''), limit: z.coerce.number().int().min(1).max(20).optional() });

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
