import type { AmenityFlag } from '@nj/contracts';
import { AMENITY_FLAGS } from '@nj/contracts';
import { amenitiesFromFeatures, parseAmenityList } from '../listing-fields.ts';
import { isPlaceholder } from './is-placeholder.ts';

/**
 * Our amenity flags from an amenities column however it lists them (issue 10 'amenities' target): items separated by
 * ',', ';', '|', '/', '•', '·' or line breaks, in Spanish words ('Alberca, Gimnasio, Seguridad 24 h, Roof garden')
 * matched by amenitiesFromFeatures' keywords, or our own flag names ('pool;gym'). Unknown items are dropped (an
 * amenity list is never a reason to skip a row); placeholders → []. Returned in the spec's order, without repeats.
 */
export function parseAmenitiesText(text: string | null | undefined): AmenityFlag[] {
  if (isPlaceholder(text)) return [];
  const items = (text ?? '').split(/[,;|/•·\n\r]+/).map((item) => item.trim()).filter(Boolean);
  const found = new Set<AmenityFlag>([...amenitiesFromFeatures([items.join(';')]), ...parseAmenityList(items.join(';'))]);
  return AMENITY_FLAGS.filter((flag) => found.has(flag));
}
