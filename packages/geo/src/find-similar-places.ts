import type { Database } from '@nj/db';
import { readPlaceNameIndex, type SimilarName } from './place-name-index.ts';
import { findPlacesByNames, MIN_NAME_SIMILARITY, type PlaceRow } from './places-repository.ts';

/**
 * Places whose normalised name looks like `q` (normalised) though no word of it starts with `q` — a typo or a
 * missing letter ('guadalajra' → Guadalajara, 'zapopn' → Zapopan; issue 9 §2): pg_trgm similarity of the name at
 * least MIN_NAME_SIMILARITY (0.4), optionally only inside the given municipalities or states (`areas`, by INEGI
 * code; null: anywhere). Ordered by similarity (to two decimals), then tier and rank (listings and inhabitants),
 * name length, label; at most `limit` rows. The similar names come from this process's PlaceNameIndex (distinct
 * names, migration 023), the places and the final order from the database (findPlacesByNames). Without `areas`
 * only the most similar names that can fill `limit` are looked up: every name has at least one place. Throws only
 * if the database fails.
 */
export async function findSimilarPlaces(
  database: Database, q: string, limit: number, areas: { municipalityCodes: string[]; stateCodes: string[] } | null = null,
): Promise<PlaceRow[]> {
  const index = await readPlaceNameIndex(database);
  const similar = index.similarNames(q, MIN_NAME_SIMILARITY);
  const names = areas ? similar : namesThatCanFill(similar, limit);
  return findPlacesByNames(database.db, q, names.map((n) => n.name), limit, areas);
}

/**
 * The first of `similar` (most similar first) whose places reach `limit`, and every other name within 0.01 of the
 * similarity of the last of them: the database orders by similarity rounded to two decimals, so a name further
 * below falls into a lower step, after at least `limit` places. The rest cannot reach the answer.
 */
export function namesThatCanFill(similar: SimilarName[], limit: number): SimilarName[] {
  let places = 0;
  let i = 0;
  while (i < similar.length && places < limit) places += similar[i++]!.places;
  if (i === 0) return [];
  const floor = similar[i - 1]!.similarity - 0.01;
  while (i < similar.length && similar[i]!.similarity >= floor) i++;
  return similar.slice(0, i);
}
