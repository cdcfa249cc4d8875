import type { TPlaceSuggestion } from '@nj/contracts';
import type { Database } from '@nj/db';
import { normalizePlaceText, PLACE_STOP_WORDS, stripSettlementPrefix } from './normalize-place-text.ts';
import { findSimilarPlaces } from './find-similar-places.ts';
import { findPlacesByPostalCode, findPlacesByWordPrefix, findPlacesByWordPrefixInAreas, type PlaceRow } from './places-repository.ts';
import { readPlaceAreas, type PlaceArea } from './read-place-areas.ts';
import { toPlaceSuggestion } from './to-place-suggestion.ts';

export const AUTOCOMPLETE_DEFAULT_LIMIT = 8;
const MAX_QUERY_CHARS = 80;
const MAX_TOKENS = 6;
/** A context matching more municipalities than this is too vague to narrow anything ('san'). */
const MAX_CONTEXT_MUNICIPALITIES = 60;

/**
 * Our own place search (issue 2 §3, spec 01 §2 "Search bar modes": Mexico only; matching ignores accents, case and
 * punctuation). `q` is what the person typed; `limit` 1–20 (default 8). Returns at most `limit` suggestions:
 * - a 5-digit query ('44630', 'C.P. 44630') → that postal code, then its colonias;
 * - otherwise places with a name word starting with the query ('provid' → Providencia; 'norte' → Roma Norte), and
 *   when words are left over, the first words as the name and the rest as the municipality or state
 *   ('providencia guadalajara', 'zapopan jal', 'roma norte cdmx').
 * - when none of that finds anything, places whose name looks like the text (a typo: 'guadalajra' → Guadalajara,
 *   'zapopn' → Zapopan, 'roma nrte' → Roma Norte; trigram similarity ≥ 0.4, issue 9 §2), most similar first, or
 *   the name part looked up that way inside the area the last words name ('guadalajra jal').
 * Order: an exact name match first; then kind (region, locality, neighbourhood, postal code — villages under 20,000
 * inhabitants count as neighbourhoods, see placeRank); then whole-name prefix before a later-word match; then
 * rank: active listings for colonias, then the inhabitants of their city (so 'polanco' offers Mexico City's
 * Polanco before Guadalajara's), inhabitants for cities and states. Empty or absurd input (only punctuation or
 * emoji, over 80 characters, more than 6 words) gives []. Never throws for any text; throws only if the database fails.
 */
export async function autocompletePlaces(
  database: Database,
  options: { q: unknown; limit?: number | undefined },
): Promise<TPlaceSuggestion[]> {
  const limit = Math.min(20, Math.max(1, Math.floor(options.limit ?? AUTOCOMPLETE_DEFAULT_LIMIT)));
  const q = normalizePlaceText(options.q);
  if (q === '' || q.length > MAX_QUERY_CHARS) return [];
  const tokens = q.split(' ');
  if (tokens.length > MAX_TOKENS) return [];

  const cp = tokens.find((t) => /^\d{5}$/.test(t));
  if (cp && tokens.every((t) => t === cp || t === 'c' || t === 'p' || t === 'cp')) {
    return (await findPlacesByPostalCode(database.db, cp, limit)).map(toPlaceSuggestion);
  }

  const results: PlaceRow[] = await findPlacesByWordPrefix(database.db, q, limit + 4);
  // 'col. providencia': the name without the settlement word, unless a place is called that way ('Colonia Juárez').
  const stripped = stripSettlementPrefix(q);
  if (results.length < limit && stripped !== q) results.push(...(await findPlacesByWordPrefix(database.db, stripped, limit + 4)));
  const words = stripped.split(' ');
  if (results.length < limit && words.length > 1) {
    results.push(...(await findWithContext(database, words, limit)));
  }
  // Nothing starts with what was typed: a typo ('guadalajra', 'zapopn', 'roma nrte'), matched by trigram similarity
  // of the whole text, else of the name part inside the area the last words name ('guadalajra jal').
  if (results.length === 0 && stripped.replace(/ /g, '').length >= MIN_TYPO_CHARS) {
    results.push(...(await findSimilarPlaces(database, stripped, limit + 4)));
    if (results.length === 0 && words.length > 1) results.push(...(await findWithContext(database, words, limit, true)));
  }
  return dedupe(results, limit).map(toPlaceSuggestion);
}

/** Shorter texts are not matched by similarity: three letters have too few trigrams to tell a typo from a word. */
const MIN_TYPO_CHARS = 4;

/**
 * Splits the words into a name part and a context part (the last words), longest name first, and looks the name up
 * inside the states and municipalities the context names (with `typo`, by trigram similarity instead of prefix). Each
 * context word must start a word of the area's name or aliases (or of its state's); stop words are ignored. At most
 * two lookups; returns the first that finds something.
 */
async function findWithContext(database: Database, tokens: string[], limit: number, typo = false): Promise<PlaceRow[]> {
  const allAreas = await readPlaceAreas(database);
  // A context word is 3+ letters ('jal', 'cdmx', 'guadalajara') or a whole short alias ('nl', 'df'): 'Valle de Tl'
  // is someone still typing a name, not 'Valle' in a place starting with 'tl'.
  const usable = (t: string) => !PLACE_STOP_WORDS.has(t) && (t.length >= 3 || allAreas.some((a) => a.words.includes(` ${t} `)));
  const contextTokens = [...new Set(tokens.slice(1).filter(usable))];
  if (contextTokens.length === 0) return [];
  const hits = (area: PlaceArea, t: string) => area.words.includes(` ${t}`);
  const areas = allAreas.filter((a) => contextTokens.some((t) => hits(a, t)));
  if (areas.length === 0) return [];
  const statesByCode = new Map(areas.filter((a) => a.isState).map((a) => [a.stateCode, a]));

  let queries = 0;
  for (let k = tokens.length - 1; k >= 1 && queries < 2; k--) {
    const rest = tokens.slice(k);
    if (!rest.every((t) => PLACE_STOP_WORDS.has(t) || contextTokens.includes(t))) continue;
    const ctx = rest.filter((t) => !PLACE_STOP_WORDS.has(t));
    if (ctx.length === 0) continue;
    const states = areas.filter((a) => a.isState && ctx.every((t) => hits(a, t))).map((a) => a.stateCode!);
    const municipalities = areas
      .filter((a) => !a.isState && a.municipalityCode)
      .filter((a) => {
        const st = statesByCode.get(a.stateCode);
        return ctx.some((t) => hits(a, t)) && ctx.every((t) => hits(a, t) || (st !== undefined && hits(st, t)));
      })
      .map((a) => a.municipalityCode!);
    if ((states.length === 0 && municipalities.length === 0) || municipalities.length > MAX_CONTEXT_MUNICIPALITIES) continue;
    const lead = tokens.slice(0, k).join(' ');
    if (typo && lead.replace(/ /g, '').length < MIN_TYPO_CHARS) continue;
    queries++;
    const rows = typo
      ? await findSimilarPlaces(database, lead, limit + 4, { municipalityCodes: municipalities, stateCodes: states })
      : await findPlacesByWordPrefixInAreas(database.db, lead, municipalities, states, limit + 4);
    if (rows.length > 0) return rows;
  }
  return [];
}

/** Keeps the first row per id and per label, up to `limit`. */
function dedupe(rows: PlaceRow[], limit: number): PlaceRow[] {
  const ids = new Set<string>();
  const labels = new Set<string>();
  const out: PlaceRow[] = [];
  for (const r of rows) {
    const label = r.label.toLowerCase();
    if (ids.has(r.id) || labels.has(label)) continue;
    ids.add(r.id);
    labels.add(label);
    out.push(r);
    if (out.length >= limit) break;
  }
  return out;
}
