import type { TPlaceSuggestion } from '@nj/contracts/places/schemas';
import { findPlaceBySlug as findPlace } from '@nj/geo/find-place-by-slug';
import type { AppServices } from '@nj/core/app-services';

type Area = { latMin: number; latMax: number; lngMin: number; lngMax: number };

/**
 * The place of a /propiedades-en-{slug} page or a suggested neighbourhood (label, kind, point, bounds, zoom), or
 * null when none matches (packages/geo findPlaceBySlug: exact slug, else the best place named by the slug's words,
 * inside `area` when given).
 */
export async function findPlaceBySlug(services: AppServices, slug: string, area?: Area | null): Promise<TPlaceSuggestion | null> {
  return findPlace(services.database, slug, area ? { within: area } : {});
}
