import { SEARCH_MESSAGES } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { VISITOR, type Actor } from '../policies/actor.ts';
import { authorize } from '../policies/policy.ts';
import { listingPolicy } from '../policies/listing.ts';
import { propertyKey } from '../search/get-property.ts';
import { propertiesRepository } from './properties-repository.ts';
import { findOutline, locationThumbnailSvg } from './location-thumbnail.ts';

/** Pictures kept per process, by point: a listing's location rarely changes and a page of cards asks for 20 at once. */
const cache = new Map<string, string>();
const CACHE_ENTRIES = 2000;

/**
 * The location picture of a listing without photos (GET /api/v1/properties/{id}/location.svg; issue 9 §4): an SVG
 * of its colonia's (else municipality's) outline with a dot at the listing, 400 × 300 px. `idOrSlugOrCode` as in
 * getProperty; `actor` must be allowed to read the listing (listingPolicy 'read').
 *
 * @returns the SVG document as text
 * @throws AppError NOT_FOUND 'No encontramos esta propiedad…' for an unknown listing; GONE 'Esta propiedad ya no
 *   está disponible' for one its owner deactivated (to anyone else)
 */
export async function getLocationThumbnail(options: { database: Database; idOrSlugOrCode: string; actor?: Actor }): Promise<string> {
  const actor = options.actor ?? VISITOR;
  authorize(actor, listingPolicy, 'read');
  const key = propertyKey(options.idOrSlugOrCode);
  const row = key ? await propertiesRepository.findOne(options.database, key) : undefined;
  if (!row) throw new AppError('NOT_FOUND', SEARCH_MESSAGES.propertyNotFound);
  authorize(actor, listingPolicy, 'read', row);
  const point = `${row.lat.toFixed(5)},${row.lng.toFixed(5)}`;
  let svg = cache.get(point);
  if (!svg) {
    svg = locationThumbnailSvg(row, findOutline(row.lat, row.lng));
    if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(point, svg);
  }
  return svg;
}
