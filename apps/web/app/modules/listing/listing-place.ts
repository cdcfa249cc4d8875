import type { TPlaceSuggestion } from '@nj/contracts/places/schemas';
import { boundsForPlace, type Bounds } from '../search/place-bounds.ts';
import { headingPlace } from './segment.ts';

/** The place a listing page is about, as the page shows it (heading words, breadcrumb names) and the area it covers. */
export type ListingPlace = {
  slug: string;
  label: string;
  /** 'Providencia, Guadalajara' for a colonia, the label otherwise. */
  heading: string;
  kind: string;
  state: string | null;
  city: string | null;
  colonia: string | null;
  /** Degrees. */
  bounds: Bounds;
  zoom: number;
};

/** A place suggestion (packages/geo) as a listing page keeps it. */
export function listingPlace(place: TPlaceSuggestion): ListingPlace {
  return {
    slug: place.slug,
    label: place.label,
    heading: headingPlace(place.label, place.kind),
    kind: place.kind,
    state: place.components.state_long,
    city: place.kind === 'region' ? null : place.components.locality,
    colonia: place.kind === 'region' || place.kind === 'locality' ? null : place.components.sublocality,
    bounds: boundsForPlace(place),
    zoom: place.zoom,
  };
}
