import { CATEGORY_PATHS, PROPERTY_TYPE_PLURAL_LABELS, type OpTypeEs, type PropertyType } from '@nj/contracts/catalogue/vocabularies';
import { FILTER_MESSAGES as F } from '@nj/contracts/search/filter-messages';

/** A one-segment listing path, read word by word: every part filters (issue 9 §3). */
export type ListingSegment = {
  /** The category word ('departamentos'), or null for 'propiedades-…' paths (any type). */
  category: string | null;
  type: PropertyType | null;
  /** 'renta' / 'venta' when the path says 'en-renta' / 'en-venta'. */
  opType: OpTypeEs | null;
  /** The place after the last '-en-', or null. */
  placeSlug: string | null;
};

const CATEGORY_KEYS = Object.keys(CATEGORY_PATHS).sort((a, b) => b.length - a.length);
/** Path text after the category word: '-en-renta' / '-en-venta' only when the path ends there or a place follows. */
const TAIL = /^(?:-en-(renta|venta)(?=$|-en-))?(?:-en-([a-z0-9]+(?:-[a-z0-9]+)*))?$/;

/**
 * Reads a one-segment listing path (spec 01 §2 "Routes": /propiedades-en-{place} and the category paths; issue 9 §3):
 * `{category}[-en-renta|-en-venta][-en-{place}]` or `propiedades-en-renta|venta[-en-{place}]` or
 * `propiedades-en-{place}`. 'departamentos-en-renta-en-guadalajara' → apartments, for rent, place 'guadalajara';
 * 'casas-en-venta-de-carpio' → houses in the place 'venta-de-carpio' (an operation word is only read as one when the
 * path ends after it or names a place next). Any other word (an unknown category, 'casas-baratas') → null, so the
 * page is the 404 instead of a listing that silently ignores part of its address. Case-insensitive; never throws.
 */
export function parseListingSegment(segment: string): ListingSegment | null {
  const s = String(segment ?? '').toLowerCase();
  if (s.startsWith('propiedades-en-')) {
    const m = TAIL.exec(s.slice('propiedades'.length));
    if (!m || (!m[1] && !m[2])) return null;
    return { category: null, type: null, opType: (m[1] as OpTypeEs | undefined) ?? null, placeSlug: m[2] ?? null };
  }
  for (const key of CATEGORY_KEYS) {
    if (s !== key && !s.startsWith(`${key}-`)) continue;
    const m = TAIL.exec(s.slice(key.length));
    if (!m) continue;
    return { category: key, type: CATEGORY_PATHS[key]!, opType: (m[1] as OpTypeEs | undefined) ?? null, placeSlug: m[2] ?? null };
  }
  return null;
}

/** The category word of each type: the first spelling of CATEGORY_PATHS ('local_en_centro_comercial' → 'locales-centros-comerciales'). */
const CATEGORY_OF_TYPE = new Map<PropertyType, string>();
for (const [key, type] of Object.entries(CATEGORY_PATHS)) if (!CATEGORY_OF_TYPE.has(type)) CATEGORY_OF_TYPE.set(type, key);

/**
 * The listing path for a type, an operation and a place slug, the inverse of parseListingSegment:
 * ({ type: 'apartment', opType: 'renta', placeSlug: 'guadalajara' }) → '/departamentos-en-renta-en-guadalajara';
 * no type → '/propiedades-en-…'; nothing at all → '/propiedades'. A type without a category path ('otro') counts as
 * no type.
 */
export function listingPath(input: { type?: PropertyType | null; opType?: OpTypeEs | null; placeSlug?: string | null }): string {
  const category = input.type ? CATEGORY_OF_TYPE.get(input.type) : undefined;
  const op = input.opType ? `-en-${input.opType}` : '';
  const place = input.placeSlug ? `-en-${input.placeSlug}` : '';
  if (!category && !op && !place) return '/propiedades';
  return `/${category ?? 'propiedades'}${op}${place}`;
}

/** 'Providencia, Guadalajara, Jalisco' → 'Providencia, Guadalajara' for a colonia; other places keep their label. */
export function headingPlace(label: string, kind: string): string {
  if (kind !== 'neighbourhood' && kind !== 'postal_code' && kind !== 'street') return label;
  return label.split(',').map((x) => x.trim()).slice(0, 2).join(', ');
}

/**
 * What a listing shows, in words (spec 01 §2: 'Tipo en venta/renta en {place}'; issue 9 §3): one type → its plural
 * label, several or none → 'Propiedades'; then the operation and the place when known.
 * ({ types: ['apartment'], opType: 'renta', place: 'Providencia, Guadalajara' }) → 'Departamentos en renta en
 * Providencia, Guadalajara'.
 */
export function searchHeading(input: { types: readonly PropertyType[]; opType: OpTypeEs | null; place: string | null }): string {
  const word = input.types.length === 1 ? (PROPERTY_TYPE_PLURAL_LABELS[input.types[0]!] ?? F.propertiesWord) : F.propertiesWord;
  return input.opType ? F.listingTitleOp(word, F.operationIn[input.opType], input.place) : F.listingTitle(word, input.place);
}
