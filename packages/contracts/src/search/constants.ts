/** Business constants of search (spec 01 §9). Budgets in MXN, coordinates in degrees, times in ms. */
export const MAX_BUDGET = { rent: 75_000, sale: 35_000_000 } as const;
export const DEFAULT_BOUNDS = { north: 32.58, west: -110.84, south: 13.11, east: -93.97 } as const;
export const DEFAULT_CENTER = { lat: 22.065, lng: -102.39 } as const;
export const ZOOM_BY_PLACE_KIND = {
  country: 6, region: 8, locality: 12, neighbourhood: 15, street: 16, establishment: 18, default: 12,
} as const;
export const SEARCH_PAGE_SIZE = 20;
export const TIMINGS = {
  addressWriteDelayMs: 500, toastMs: 10_000, dropdownDebounceMs: 1000, autocompleteDebounceMs: 150,
  viewPushMs: 60_000, scrollMoreGuardMs: 2000, sessionRefreshMs: 12 * 60_000,
} as const;
export const SCROLL_MORE_PX = 50;
export const MOBILE_MAX_WIDTH_PX = 767;
/** Property code (spec 01 §5): 'NJ-' plus hex digits, case-insensitive. */
export const PROPERTY_CODE_PATTERN = /^nj-[0-9a-f]+$/i;

/** Suggested neighbourhoods by area (spec 01 §9). Bounds in degrees. */
export const SUGGESTED_NEIGHBOURHOODS: {
  area: string | null; bounds: { latMin: number; latMax: number; lngMin: number; lngMax: number } | null; slugs: string[];
}[] = [
  { area: 'Guadalajara', bounds: { latMin: 20.4357, latMax: 20.8914, lngMin: -103.6421, lngMax: -103.1554 },
    slugs: ['providencia', 'la-americana', 'chapalita', 'ladron-de-guevara', 'santa-tere'] },
  { area: 'Ciudad de México', bounds: { latMin: 19.2472, latMax: 19.653, lngMin: -99.3213, lngMax: -99.0065 },
    slugs: ['granada', 'lomas-de-chapultepec', 'condesa', 'roma-norte', 'portales', 'anzures', 'del-valle', 'narvarte', 'polanco', 'napoles'] },
  { area: 'Monterrey', bounds: { latMin: 25.353, latMax: 25.9181, lngMin: -100.6674, lngMax: -99.9133 },
    slugs: ['colonia-san-pedro-garza-garcia', 'del-valle', 'cumbres', 'country-monterrey', 'colonia-centro-monterrey', 'mitras'] },
  { area: null, bounds: null,
    slugs: ['ciudad-de-mexico', 'guadalajara', 'monterrey', 'merida', 'queretaro', 'cancun'] },
];
