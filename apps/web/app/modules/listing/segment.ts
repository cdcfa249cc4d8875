import { CATEGORY_PATHS, type PropertyType } from '@nj/contracts/catalogue/vocabularies';

const CATEGORY_KEYS = Object.keys(CATEGORY_PATHS).sort((a, b) => b.length - a.length);

/**
 * Reads a one-segment listing path (spec 01 §2): 'propiedades-en-{place}' → a place page; a category path with
 * optional trailing text ('casas', 'departamentos-en-guadalajara') → a category page, where trailing '-en-{slug}'
 * names a place; anything else → null (404).
 */
export function parseListingSegment(segment: string):
  | { kind: 'place'; placeSlug: string }
  | { kind: 'category'; category: string; type: PropertyType; placeSlug: string | null }
  | null {
  const s = segment.toLowerCase();
  if (s.startsWith('propiedades-en-') && s.length > 'propiedades-en-'.length) {
    return { kind: 'place', placeSlug: s.slice('propiedades-en-'.length) };
  }
  for (const key of CATEGORY_KEYS) {
    if (s === key || s.startsWith(`${key}-`)) {
      const rest = s.slice(key.length + 1);
      const placeSlug = rest.startsWith('en-') && rest.length > 3 ? rest.slice(3) : null;
      return { kind: 'category', category: key, type: CATEGORY_PATHS[key]!, placeSlug };
    }
  }
  return null;
}

/** 'Providencia, Guadalajara, Jalisco' → 'Providencia, Guadalajara' for a colonia; other places keep their label. */
export function headingPlace(label: string, kind: string): string {
  if (kind !== 'neighbourhood' && kind !== 'postal_code' && kind !== 'street') return label;
  return label.split(',').map((x) => x.trim()).slice(0, 2).join(', ');
}
