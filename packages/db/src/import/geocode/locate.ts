import type { LocationPrecision } from '../listing-fields.ts';
import {
  bigramsOf, coloniaKeys, diceSimilarity, expandWords, municipalityKeys, normalizeName, postalCodeKey, stateKey,
} from './normalize-address-name.ts';

/** The address parts of one row (issue 10 design §4); any may be missing. */
export type AddressParts = {
  street?: string | null; exteriorNumber?: string | null; colonia?: string | null; postalCode?: string | null;
  locality?: string | null; municipality?: string | null; state?: string | null;
};

/** Where a row was placed: the centre of the place found, how precise that is, and the place's `places.id`. */
export type GeocodedPoint = { lat: number; lng: number; precision: LocationPrecision; placeId: string };

/** The importer's geocoder (issue 10 design §4): synchronous, in memory. */
export type Geocoder = { locate(parts: AddressParts): GeocodedPoint | null; close?(): void };

/** One row of `places` as the geocoder reads it (the columns `loadGeocoder` selects). */
export type GeocoderPlaceRow = {
  id: string; kind: string; name_norm: string; aliases: string | null; state_code: string | null;
  municipality_code: string | null; postal_code: string | null; lat: number; lng: number; population: number;
  rank: number; precision: string | null;
};

type Place = {
  id: string; lat: number; lng: number; stateCode: string | null; muniCode: string | null; postalCode: string | null;
  population: number; rank: number; hasPolygon: boolean;
};
type FuzzyEntry = { key: string; bigrams: Set<string>; place: Place };

/** Least Dice similarity for a colonia name that is not an exact key ('Providencia 2a Seccion' vs 'Providencia'). */
export const COLONIA_SIMILARITY = 0.82;

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

/** Better first: a colonia with a shipped polygon, then more listings/people, then the static rank. */
const better = (a: Place, b: Place) =>
  Number(b.hasPolygon) - Number(a.hasPolygon) || b.population - a.population || b.rank - a.rank || a.id.localeCompare(b.id);

/** The one place a list means, or null when its places lie in more than one municipality (ambiguous) or none. */
function pickInOneMunicipality(places: Place[]): Place | null {
  if (places.length === 0) return null;
  const muni = places[0]!.muniCode;
  if (places.some((p) => p.muniCode !== muni)) return null;
  return [...places].sort(better)[0]!;
}

/**
 * Builds the geocoder from places rows (pure; `loadGeocoder` reads them from the database). Kinds used: 'region'
 * (states: names and aliases, context only), 'locality' (ids 'M…' are municipalities, the others localities),
 * 'neighbourhood' (colonias: shipped polygons, SEPOMEX, derived from listings), 'postal_code' (SEPOMEX 'C…').
 *
 * `locate(parts)` tries, most precise first (issue 10 "street and number, colonia, postal code, locality,
 * municipality, state"):
 * - street and number: we hold no street data, so they never place a row by themselves; the row falls to the next level;
 * - colonia: by name key (accents, case, 'Col.'/'Fracc.' and abbreviations such as 'Nte.' tolerated), within the
 *   row's municipality (or the municipalities of its locality) and state when given, narrowed by the postal code when
 *   that decides; failing an exact key, the most similar colonia of that municipality or postal code (Dice ≥
 *   COLONIA_SIMILARITY). A name found in several municipalities with nothing to tell them apart is AMBIGUOUS: the
 *   row is not placed at colonia level (guessing the busiest 'Centro' of the country would put it in the wrong city)
 *   and falls to the next level; several same-named colonias of ONE municipality give the one with a polygon, then
 *   the most listings;
 * - postal code: the SEPOMEX postal-code place, else the mean of the colonias having that code;
 * - locality, then municipality ('Alcaldía', 'Delegación', 'Mpio.' tolerated; a city written in the municipality
 *   column that is a locality is found as a locality), each only when the name means one place within the state;
 * - a state alone is too coarse: null (the importer skips the row with the reason).
 * Returns null when nothing places the row.
 */
export function buildGeocoder(rows: GeocoderPlaceRow[]): Geocoder {
  const states = new Map<string, string>(); // key → state code
  const municipalities = new Map<string, Place[]>();
  const localities = new Map<string, Place[]>();
  const colonias = new Map<string, Place[]>();
  const coloniasByMuni = new Map<string, FuzzyEntry[]>();
  const coloniasByCp = new Map<string, Place[]>();
  const fuzzyByCp = new Map<string, FuzzyEntry[]>();
  const postalCodes = new Map<string, Place>();

  for (const r of rows) {
    const place: Place = {
      id: r.id, lat: r.lat, lng: r.lng, stateCode: r.state_code, muniCode: r.municipality_code, postalCode: r.postal_code,
      population: r.population ?? 0, rank: r.rank ?? 0, hasPolygon: r.precision === 'polygon',
    };
    const aliases = r.aliases ? r.aliases.split('|').map(normalizeName).filter((a) => a) : [];
    if (r.kind === 'region') {
      if (!r.state_code) continue;
      for (const k of [r.name_norm, ...aliases]) {
        states.set(k, r.state_code);
        states.set(stateKey(k), r.state_code);
      }
    } else if (r.kind === 'locality') {
      const target = r.id.startsWith('M') ? municipalities : localities;
      const keys = new Set([r.name_norm, ...aliases].flatMap((k) => municipalityKeys(k)));
      for (const k of keys) push(target, k, place);
    } else if (r.kind === 'neighbourhood') {
      const keys = new Set([r.name_norm, ...aliases].flatMap((k) => coloniaKeys(k)));
      for (const k of keys) push(colonias, k, place);
      if (r.municipality_code) {
        const bigrams = bigramsOf(coloniaKeys(r.name_norm).at(-1) ?? '');
        push(coloniasByMuni, r.municipality_code, { key: r.name_norm, bigrams, place });
      }
      if (r.postal_code) {
        push(coloniasByCp, r.postal_code, place);
        push(fuzzyByCp, r.postal_code, { key: r.name_norm, bigrams: bigramsOf(coloniaKeys(r.name_norm).at(-1) ?? ''), place });
      }
    } else if (r.kind === 'postal_code' && r.postal_code) {
      postalCodes.set(r.postal_code, place);
    }
  }

  const findState = (text: string | null | undefined): string | null => {
    const k = normalizeName(text);
    if (!k) return null;
    return states.get(k) ?? states.get(stateKey(k)) ?? states.get(expandWords(stateKey(k))) ?? null;
  };
  const byKeys = (map: Map<string, Place[]>, keys: string[]): Place[] => {
    for (const k of keys) {
      const found = map.get(k);
      if (found) return found;
    }
    return [];
  };
  const inState = <T extends Place | FuzzyEntry>(items: T[], state: string | null): T[] =>
    (state ? items.filter((x) => ('place' in x ? x.place : (x as Place)).stateCode === state) : items);

  // Similarity search is the slow path: remembered per (scope, name), since files repeat their colonias.
  const fuzzyCache = new Map<string, Place | null>();
  const fuzzy = (scope: string, entries: FuzzyEntry[], key: string): Place | null => {
    const cacheKey = `${scope}|${key}`;
    const cached = fuzzyCache.get(cacheKey);
    if (cached !== undefined) return cached;
    const wanted = bigramsOf(key);
    let best: { place: Place; score: number } | null = null;
    for (const e of entries) {
      const score = diceSimilarity(wanted, e.bigrams);
      if (score >= COLONIA_SIMILARITY && (!best || score > best.score || (score === best.score && better(e.place, best.place) < 0))) {
        best = { place: e.place, score };
      }
    }
    const found = best?.place ?? null;
    fuzzyCache.set(cacheKey, found);
    return found;
  };

  const point = (p: Place, precision: LocationPrecision): GeocodedPoint => ({ lat: p.lat, lng: p.lng, precision, placeId: p.id });

  function locate(parts: AddressParts): GeocodedPoint | null {
    let state = findState(parts.state);
    const cp = postalCodeKey(parts.postalCode);

    // Municipality: by name within the state; a 'municipality' that is a state ('CDMX') is the state.
    const muniKeys = municipalityKeys(parts.municipality);
    let munis = inState(byKeys(municipalities, muniKeys), state);
    if (munis.length === 0 && muniKeys.length > 0 && !state) {
      const asState = findState(parts.municipality);
      if (asState) state = asState;
    }
    // Locality: the named one, or a city written in the municipality column.
    const locKeys = municipalityKeys(parts.locality);
    const muniCodes = new Set(munis.map((m) => m.muniCode));
    const inMunis = (places: Place[]) => (muniCodes.size ? places.filter((p) => muniCodes.has(p.muniCode)) : places);
    let locs = inMunis(inState(byKeys(localities, locKeys), state));
    let locIsMuni = false;
    if (locs.length === 0 && locKeys.length > 0) {
      locs = inMunis(inState(byKeys(municipalities, locKeys), state)); // 'Guadalajara' the city is the municipality's seat
      locIsMuni = locs.length > 0;
    }
    if (locs.length === 0 && munis.length === 0 && muniKeys.length > 0) {
      locs = inState(byKeys(localities, muniKeys), state);
    }
    if (muniCodes.size === 0) for (const l of locs) muniCodes.add(l.muniCode);

    // Colonia.
    const colKeys = coloniaKeys(parts.colonia);
    if (colKeys.length > 0) {
      let cands = inState(byKeys(colonias, colKeys), state);
      if (muniCodes.size) cands = cands.filter((c) => muniCodes.has(c.muniCode));
      if (cp && cands.length > 1) {
        const withCp = cands.filter((c) => c.postalCode === cp);
        if (withCp.length) cands = withCp;
      }
      let found = pickInOneMunicipality(cands);
      if (!found && cands.length === 0) {
        const wanted = colKeys.at(-1)!;
        if (muniCodes.size > 0 && muniCodes.size <= 3) {
          const entries = [...muniCodes].flatMap((m) => (m ? coloniasByMuni.get(m) ?? [] : []));
          found = fuzzy([...muniCodes].sort().join(','), entries, wanted);
        } else if (cp) {
          found = fuzzy(`cp${cp}`, inState(fuzzyByCp.get(cp) ?? [], state), wanted);
        }
      }
      if (found) return point(found, 'colonia');
    }

    // Postal code.
    if (cp) {
      const pc = postalCodes.get(cp);
      if (pc) return point(pc, 'postal_code');
      const cols = coloniasByCp.get(cp);
      if (cols && cols.length) {
        const lat = cols.reduce((s, c) => s + c.lat, 0) / cols.length;
        const lng = cols.reduce((s, c) => s + c.lng, 0) / cols.length;
        return { lat, lng, precision: 'postal_code', placeId: [...cols].sort(better)[0]!.id };
      }
    }

    // Locality, then municipality: only a name that means one place.
    if (locs.length > 0) {
      const loc = locs.length === 1 ? locs[0]! : pickInOneMunicipality(locs);
      if (loc) return point(loc, locIsMuni ? 'municipality' : 'locality');
    }
    if (munis.length === 1) return point(munis[0]!, 'municipality');
    return null;
  }

  return { locate };
}
