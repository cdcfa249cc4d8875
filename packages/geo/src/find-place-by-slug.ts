import { SUGGESTED_NEIGHBOURHOODS, type TPlaceSuggestion } from '@nj/contracts';
import type { Database } from '@nj/db';
import { normalizePlaceText, PLACE_STOP_WORDS, slugifyPlace } from './normalize-place-text.ts';
import { findPlaceRowBySlug, findPlacesByNameWithin } from './places-repository.ts';
import { toPlaceSuggestion } from './to-place-suggestion.ts';

type Bounds = { latMin: number; latMax: number; lngMin: number; lngMax: number };

/**
 * The place of a `/propiedades-en-{place}` page (spec 01 §2 routes), as a suggestion, or null. `slug` may be a
 * place's own slug ('providencia-guadalajara', 'guadalajara', 'ciudad-de-mexico', 'cp-44630') or a looser name as
 * the spec's suggested neighbourhoods use ('providencia', 'santa-tere', 'colonia-centro-monterrey'): then the best
 * place whose name starts with those words is taken — inside `within` (degrees) when given, else inside the area of
 * the spec's suggestion list that names this slug (spec 01 §9), else anywhere; failing that, for a suggested slug,
 * the city of its area (a Monterrey colonia when SEPOMEX is not loaded). Never throws for odd input.
 */
export async function findPlaceBySlug(
  database: Database, slug: string, options: { within?: Bounds } = {},
): Promise<TPlaceSuggestion | null> {
  const clean = normalizePlaceText(String(slug ?? '').slice(0, 200)).replace(/ /g, '-');
  if (!clean) return null;
  const suggested = SUGGESTED_NEIGHBOURHOODS.find((g) => g.bounds && g.slugs.includes(clean));
  const within = options.within ?? suggested?.bounds ?? null;
  if (!within) {
    const exact = await findPlaceRowBySlug(database.db, clean);
    if (exact) return toPlaceSuggestion(exact);
  }
  const text = clean.replace(/^colonia-/, '').replace(/-/g, ' ');
  const tries: [string, Bounds | null][] = [[text, within]];
  // 'la americana' → 'americana'; 'centro monterrey' → 'centro'.
  const words = text.split(' ');
  while (words.length > 1 && PLACE_STOP_WORDS.has(words[0]!)) words.shift();
  for (let k = words.length; k >= 1; k--) tries.push([words.slice(0, k).join(' '), within]);
  for (const [t, b] of tries) {
    if (t.length < 3) continue;
    const rows = await findPlacesByNameWithin(database.db, t, b, 1);
    if (rows[0]) return toPlaceSuggestion(rows[0]);
  }
  if (within) {
    const exact = await findPlaceRowBySlug(database.db, clean);
    if (exact) return toPlaceSuggestion(exact);
  }
  // A suggested neighbourhood we have no data for (Monterrey without SEPOMEX): the city of its area.
  const city = suggested?.area ? await findPlaceRowBySlug(database.db, slugifyPlace(suggested.area)) : undefined;
  return city ? toPlaceSuggestion(city) : null;
}
