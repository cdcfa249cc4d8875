import { SUGGESTED_NEIGHBOURHOODS, type TPlaceSuggestion } from '@nj/contracts';
import type { Database } from '@nj/db';
import { normalizePlaceText, slugifyPlace } from './normalize-place-text.ts';
import { findPlaceRowBySlug, findPlacesByNameWithin } from './places-repository.ts';
import { toPlaceSuggestion } from './to-place-suggestion.ts';

const ARTICLES = new Set(['la', 'el', 'los', 'las']);

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
  // The whole text as typed ('santa tere' → Santa Teresita); without a leading article ('la americana' → Americana);
  // without a trailing city name inside its area ('centro monterrey' → Centro). Shorter guesses match whole words
  // only, so 'lomas de chapultepec' never becomes any 'Lomas …'.
  const tries: [string, boolean][] = [[text, false]];
  const words = text.split(' ');
  if (words.length > 1 && ARTICLES.has(words[0]!)) tries.push([words.slice(1).join(' '), true]);
  const area = suggested?.area ? normalizePlaceText(suggested.area) : null;
  if (area && text.endsWith(` ${area}`)) tries.push([text.slice(0, -area.length - 1), true]);
  for (const [t, whole] of tries) {
    if (t.length < 3) continue;
    const rows = await findPlacesByNameWithin(database.db, t, within, 1, whole);
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
