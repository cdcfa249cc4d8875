import { MX_STATES } from '@nj/contracts/catalogue/vocabularies';
import type { TPlaceSuggestion } from '@nj/contracts/places/schemas';
import type { AppServices } from '@nj/core/app-services';
import { findPlaceBySlug } from '../server/places.server.ts';
import { stateSlug } from '../seo/place-trail.ts';

/** Each state's path words (stateSlug) and the slug words its places end with in breadcrumb links ('-jalisco'). */
const STATES = MX_STATES.map((s) => ({ state: s, page: stateSlug(s), key: s.slug.replace(/_/g, '-') }));

async function regionOf(services: AppServices, state: (typeof STATES)[number]): Promise<TPlaceSuggestion | null> {
  for (const slug of [state.key, `estado-de-${state.key}`]) {
    const place = await findPlaceBySlug(services, slug);
    if (place?.kind === 'region') return place;
  }
  return null;
}

/**
 * The place a listing path names (issue 9 §3), or null (the page is then a 404): a place's own slug
 * ('guadalajara', 'providencia-guadalajara', 'benito-juarez-ciudad-de-mexico'); a state's page words
 * ('estado-de-jalisco', 'ciudad-de-mexico'); a breadcrumb's names ending with the state ('guadalajara-jalisco',
 * 'providencia-guadalajara-jalisco': the place named by the rest, inside that state); else the looser names
 * packages/geo findPlaceBySlug reads ('providencia', 'santa-tere'). Degrees in the bounds; never throws for odd input.
 */
export async function resolveListingPlace(services: AppServices, slug: string): Promise<TPlaceSuggestion | null> {
  const found = await findPlaceBySlug(services, slug);
  if (found && found.slug === slug) return found;
  const page = STATES.find((s) => s.page === slug);
  if (page) return (await regionOf(services, page)) ?? found;
  const suffix = STATES.find((s) => slug.endsWith(`-${s.key}`) && slug.length > s.key.length + 1);
  if (suffix) {
    const region = await regionOf(services, suffix);
    const b = region?.bounds;
    if (b) {
      const inside = await findPlaceBySlug(services, slug.slice(0, -suffix.key.length - 1), {
        latMin: b.south, latMax: b.north, lngMin: b.west, lngMax: b.east,
      });
      if (inside) return inside;
    }
  }
  return found;
}
