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

/**
 * True while a map view still shows the page's place: its centre inside the place's bounds grown by half their size
 * on each side (degrees). Once the person pans elsewhere the heading stops naming the place (issue 9 §3: the heading
 * says what the list shows).
 */
export function viewShowsPlace(place: Pick<ListingPlace, 'bounds'>, view: Bounds | null): boolean {
  if (!view) return true;
  const b = place.bounds;
  const padLat = Math.max((b.north - b.south) / 2, 0.01);
  const padLng = Math.max((b.east - b.west) / 2, 0.01);
  const lat = (view.north + view.south) / 2;
  const lng = (view.east + view.west) / 2;
  return lat <= b.north + padLat && lat >= b.south - padLat && lng <= b.east + padLng && lng >= b.west - padLng;
}
