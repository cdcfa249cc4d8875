import { ZOOM_BY_PLACE_KIND, type PlaceKind, type TPlaceSuggestion } from '@nj/contracts';
import type { PlaceRow } from './places-repository.ts';
import { stateByCode } from './state-catalogue.ts';

/** Map zoom for a place kind (spec 01 §9): region 8, locality 12, neighbourhood 15, street 16, otherwise 12. */
export function zoomForPlaceKind(kind: string): number {
  const z = (ZOOM_BY_PLACE_KIND as Record<string, number>)[kind];
  return z ?? ZOOM_BY_PLACE_KIND.default;
}

/** The map a chosen place is shown on, at its smallest (a phone's map, CSS px): its zoom must show the whole place. */
const FIT_VIEWPORT = { width: 360, height: 360 } as const;
/** MapLibre's tile size: the world is 512 × 2^zoom px wide. */
const TILE_PX = 512;

/** Web-Mercator y of a latitude (degrees), in world widths (0 at the equator). */
function mercatorY(lat: number): number {
  const r = (Math.max(-85, Math.min(85, lat)) * Math.PI) / 180;
  return Math.log(Math.tan(Math.PI / 4 + r / 2)) / (2 * Math.PI);
}

/**
 * The zoom for a place: the one of its kind (spec 01 §9), or lower when its bounds (degrees) would not fit a small
 * map at that zoom, so a state or a large municipality is shown whole (issue 9 §2: picking a large place fits the
 * map to its bounds). Whole zooms, at least 4.
 */
export function zoomForPlace(kind: string, bounds: { north: number; south: number; east: number; west: number } | null): number {
  const byKind = zoomForPlaceKind(kind);
  if (!bounds || !(bounds.north > bounds.south) || !(bounds.east > bounds.west)) return byKind;
  const lngZoom = Math.log2((FIT_VIEWPORT.width * 360) / (TILE_PX * (bounds.east - bounds.west)));
  const latZoom = Math.log2(FIT_VIEWPORT.height / (TILE_PX * (mercatorY(bounds.north) - mercatorY(bounds.south))));
  return Math.max(4, Math.min(byKind, Math.floor(Math.min(lngZoom, latZoom))));
}

/**
 * A place row as the API's suggestion: label, kind, the address components of spec 01 §2 "Search bar modes"
 * (sublocality = colonia, locality = city or municipality, state long and short, country 'MX', postal code), point
 * and bbox in degrees, zoom by kind or lower so the bbox fits (zoomForPlace).
 */
export function toPlaceSuggestion(row: PlaceRow): TPlaceSuggestion {
  const kind = row.kind as PlaceKind;
  const state = stateByCode(row.state_code);
  const hasBounds = row.min_lat !== null && row.max_lat !== null && row.min_lng !== null && row.max_lng !== null;
  const bounds = hasBounds ? { north: row.max_lat!, south: row.min_lat!, east: row.max_lng!, west: row.min_lng! } : null;
  return {
    id: row.id,
    label: row.label,
    kind,
    slug: row.slug,
    components: {
      route: kind === 'street' ? row.name : null,
      street_number: null,
      subpremise: null,
      sublocality: kind === 'neighbourhood' ? row.name : null,
      locality: kind === 'region' ? null : (row.locality ?? row.municipality_name),
      state_long: row.state_name ?? state?.name ?? null,
      state_short: state?.short ?? null,
      country_short: 'MX',
      postal_code: row.postal_code,
    },
    lat: row.lat,
    lng: row.lng,
    bounds,
    zoom: zoomForPlace(kind, bounds),
  };
}
