import { ZOOM_BY_PLACE_KIND, type PlaceKind, type TPlaceSuggestion } from '@nj/contracts';
import type { PlaceRow } from './places-repository.ts';
import { stateByCode } from './state-catalogue.ts';

/** Map zoom for a place kind (spec 01 §9): region 8, locality 12, neighbourhood 15, street 16, otherwise 12. */
export function zoomForPlaceKind(kind: string): number {
  const z = (ZOOM_BY_PLACE_KIND as Record<string, number>)[kind];
  return z ?? ZOOM_BY_PLACE_KIND.default;
}

/**
 * A place row as the API's suggestion: label, kind, the address components of spec 01 §2 "Search bar modes"
 * (sublocality = colonia, locality = city or municipality, state long and short, country 'MX', postal code), point
 * and bbox in degrees, zoom by kind.
 */
export function toPlaceSuggestion(row: PlaceRow): TPlaceSuggestion {
  const kind = row.kind as PlaceKind;
  const state = stateByCode(row.state_code);
  const hasBounds = row.min_lat !== null && row.max_lat !== null && row.min_lng !== null && row.max_lng !== null;
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
    bounds: hasBounds ? { north: row.max_lat!, south: row.min_lat!, east: row.max_lng!, west: row.min_lng! } : null,
    zoom: zoomForPlaceKind(kind),
  };
}
