import type { Selectable } from 'kysely';
import type { PlaceKind } from '@nj/contracts';
import type { PlacesTable } from '@nj/db';
import { normalizePlaceText, slugifyPlace } from './normalize-place-text.ts';

/** How a place's point was obtained, best first (mx-geocoder SOURCE.md "precision" ladder). */
export type PlacePrecision =
  | 'exact' | 'polygon' | 'listings' | 'locality' | 'city' | 'municipality_seat' | 'centroid';

/**
 * One row of `places` as the loaders write it (the `PlacesTable` columns of @nj/db, with the kind and precision
 * narrowed). Degrees for coordinates; population in inhabitants (or listings).
 */
export type PlaceRecord = Omit<Selectable<PlacesTable>, 'kind' | 'precision' | 'geom'> & {
  kind: PlaceKind;
  precision: PlacePrecision | null;
};

const KIND_WEIGHT: Record<PlaceKind, number> = { region: 4, locality: 3, neighbourhood: 2, postal_code: 1, street: 0 };
const PRECISION_BONUS: Record<PlacePrecision, number> = {
  exact: 70, polygon: 60, listings: 50, locality: 30, city: 20, municipality_seat: 10, centroid: 5,
};

/** Weight of a kind in the ranking: region 4 > locality 3 > neighbourhood 2 > postal_code 1 > street 0. */
export function kindWeight(kind: string): number {
  return KIND_WEIGHT[kind as PlaceKind] ?? 0;
}

/** Localities (other than municipalities) below this many inhabitants rank with neighbourhoods: they are villages. */
export const TOWN_MIN_POPULATION = 20_000;

/**
 * The static rank stored in `places.rank`: a tier × 10⁸ plus a popularity score. Tier: region 4, locality 3,
 * neighbourhood 2, postal code 1 — except that a locality of fewer than TOWN_MIN_POPULATION inhabitants that is not
 * a municipality is tier 2 (a village of 1,500 people named 'Providencia' should not bury the colonia Providencia of
 * Guadalajara). Score: inhabitants for regions, municipalities and towns; villages inhabitants / 100 (at most 199);
 * neighbourhoods and postal codes: listings × 10⁵, then the municipality's inhabitants in thousands × 10 (a colonia
 * of a big city first), then a bonus for the precision of the point.
 */
export function placeRank(
  kind: PlaceKind, population: number, precision: PlacePrecision | null, isArea = false, municipalityPopulation = 0,
): number {
  const pop = Math.max(0, Math.floor(population || 0));
  if (kind === 'locality' && !isArea && pop < TOWN_MIN_POPULATION) {
    return KIND_WEIGHT.neighbourhood * 100_000_000 + Math.min(Math.floor(pop / 100), 199);
  }
  if (kind === 'region' || kind === 'locality') return KIND_WEIGHT[kind] * 100_000_000 + Math.min(pop, 99_999_999);
  const bonus = precision ? PRECISION_BONUS[precision] / 10 : 0;
  const city = Math.min(Math.floor(Math.max(0, municipalityPopulation) / 1000), 9_999);
  return KIND_WEIGHT[kind] * 100_000_000 + Math.min(pop, 999) * 100_000 + city * 10 + Math.floor(bonus);
}

/** The ranking tier of a stored rank (see placeRank). */
export function rankTier(rank: number): number {
  return Math.floor(rank / 100_000_000);
}

/** Fills the derived fields (name_norm, label_norm, rank) of a record; `municipalityPopulation` in inhabitants. */
export function finishRecord(r: Omit<PlaceRecord, 'name_norm' | 'label_norm' | 'rank'>, municipalityPopulation = 0): PlaceRecord {
  return {
    ...r,
    name_norm: normalizePlaceText(r.name),
    label_norm: normalizePlaceText(r.label),
    rank: placeRank(r.kind, r.population, r.precision, r.is_area, municipalityPopulation),
  };
}

/** Aliases of a name with a parenthesised alternative: 'Villaseñor (Santa Teresita)' → 'villasenor|santa teresita'. */
export function parentheticalAliases(name: string): string | null {
  const m = /^(.*?)\s*\(([^)]+)\)\s*(.*)$/.exec(name);
  if (!m) return null;
  const parts = [normalizePlaceText(`${m[1]} ${m[3]}`), normalizePlaceText(m[2])].filter((p) => p.length > 0);
  return parts.length ? [...new Set(parts)].join('|') : null;
}

/**
 * Hands out unique slugs: the first free one of `candidates` (slugified), else the last one with '-2', '-3', ….
 * `taken` maps slug → place id and is updated; a slug already held by the same id is kept.
 */
export function assignSlug(taken: Map<string, string>, id: string, candidates: string[]): string {
  const slugs = candidates.map(slugifyPlace).filter((s) => s.length > 0);
  if (slugs.length === 0) slugs.push(slugifyPlace(id) || 'lugar');
  for (const s of slugs) {
    const holder = taken.get(s);
    if (holder === undefined || holder === id) {
      taken.set(s, id);
      return s;
    }
  }
  const base = slugs[slugs.length - 1]!;
  for (let n = 2; ; n++) {
    const s = `${base}-${n}`;
    const holder = taken.get(s);
    if (holder === undefined || holder === id) {
      taken.set(s, id);
      return s;
    }
  }
}

/** A bbox from points; with 10 or more points the outer 5 % on each side are left out (stray coordinates). */
export function bboxOf(lats: number[], lngs: number[]): { min_lat: number; max_lat: number; min_lng: number; max_lng: number } | null {
  if (lats.length === 0) return null;
  const a = [...lats].sort((x, y) => x - y);
  const o = [...lngs].sort((x, y) => x - y);
  const cut = a.length >= 10 ? Math.floor(a.length * 0.05) : 0;
  return { min_lat: a[cut]!, max_lat: a[a.length - 1 - cut]!, min_lng: o[cut]!, max_lng: o[o.length - 1 - cut]! };
}

/** Median of numbers (degrees here); NaN for none. */
export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((x, y) => x - y);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}
