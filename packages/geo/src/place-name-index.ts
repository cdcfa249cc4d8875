import type { Database } from '@nj/db';
import { readPlaceNames, readPlaceSearchVersion } from './places-repository.ts';

/**
 * The trigrams of a normalised text (a–z, 0–9 and single spaces: `places.name_norm`, normalizePlaceText's output),
 * as pg_trgm makes them (F.35 pg_trgm, "Trigram concepts"): every word padded with two spaces before and one after,
 * each run of three characters, each trigram once. Any other character separates words, as a non-alphanumeric one
 * does for pg_trgm. 'san jose' → '  s', ' sa', 'san', 'an ', '  j', ' jo', 'jos', 'ose', 'se '.
 */
export function nameTrigrams(text: string): string[] {
  const out = new Set<string>();
  for (const word of text.split(/[^a-z0-9]+/)) {
    if (word === '') continue;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  }
  return [...out];
}

/** A name similar to the typed text: the name, pg_trgm's similarity (0–1) and how many places carry it. */
export type SimilarName = { name: string; similarity: number; places: number };

/**
 * The distinct place names (table `place_names`, migration 023) with an inverted index from trigram to the names
 * that hold it, in typed arrays: finding the names similar to a typed text counts shared trigrams along the text's
 * posting lists (about 100,000 steps for 'san jse' with SEPOMEX loaded: well under a millisecond), where the
 * database's GIN index rechecks every name sharing a few common trigrams (13,000 for 'san jse', 40 ms and more).
 * About 120,000 names and 15 MB with SEPOMEX.
 */
export class PlaceNameIndex {
  private readonly names: string[];
  private readonly places: Int32Array;
  /** Number of distinct trigrams of each name. */
  private readonly sizes: Uint16Array;
  private readonly trigramIds = new Map<string, number>();
  /** Name ids of trigram t: postings[starts[t] .. starts[t + 1]). */
  private readonly starts: Int32Array;
  private readonly postings: Int32Array;
  /** Scratch counters, one per name, zero between calls, and the names counted by the current call. */
  private readonly counts: Uint16Array;
  private readonly touched: Int32Array;

  /** Builds the index from rows of `place_names` (normalised name, number of places). */
  constructor(rows: readonly { name_norm: string; places: number }[]) {
    this.names = rows.map((r) => r.name_norm);
    this.places = Int32Array.from(rows, (r) => r.places);
    this.sizes = new Uint16Array(rows.length);
    this.counts = new Uint16Array(rows.length);
    this.touched = new Int32Array(rows.length);
    const perName: Int32Array[] = [];
    const lengths: number[] = [];
    for (let i = 0; i < rows.length; i++) {
      const grams = nameTrigrams(this.names[i]!);
      const ids = new Int32Array(grams.length);
      grams.forEach((g, k) => {
        let id = this.trigramIds.get(g);
        if (id === undefined) {
          id = this.trigramIds.size;
          this.trigramIds.set(g, id);
          lengths.push(0);
        }
        lengths[id]!++;
        ids[k] = id;
      });
      this.sizes[i] = Math.min(grams.length, 0xffff);
      perName.push(ids);
    }
    this.starts = new Int32Array(lengths.length + 1);
    for (let t = 0; t < lengths.length; t++) this.starts[t + 1] = this.starts[t]! + lengths[t]!;
    this.postings = new Int32Array(this.starts[lengths.length]!);
    const fill = this.starts.slice(0, lengths.length);
    perName.forEach((ids, name) => {
      for (const t of ids) this.postings[fill[t]!++] = name;
    });
  }

  /** Number of distinct names held. */
  get size(): number {
    return this.names.length;
  }

  /**
   * The names whose pg_trgm similarity to `q` (normalised) is at least `minSimilarity` (0–1): shared trigrams
   * divided by the trigrams of both together, as pg_trgm's `similarity()`. Most similar first (ties: more places
   * first, then by name). Never throws.
   */
  similarNames(q: string, minSimilarity: number): SimilarName[] {
    const grams = nameTrigrams(q);
    const m = grams.length;
    if (m === 0) return [];
    const { counts, touched, postings } = this;
    let touchedCount = 0;
    for (const g of grams) {
      const t = this.trigramIds.get(g);
      if (t === undefined) continue;
      for (let i = this.starts[t]!, end = this.starts[t + 1]!; i < end; i++) {
        const name = postings[i]!;
        if (counts[name] === 0) touched[touchedCount++] = name;
        counts[name]!++;
      }
    }
    // c / (m + n − c) ≥ s needs c ≥ s·m: skip names sharing fewer trigrams without computing anything.
    const least = minSimilarity * m;
    const out: SimilarName[] = [];
    for (let k = 0; k < touchedCount; k++) {
      const name = touched[k]!;
      const c = counts[name]!;
      counts[name] = 0;
      if (c < least) continue;
      const similarity = c / (m + this.sizes[name]! - c);
      // A hair below the floor too: the database recomputes the similarity in 4-byte floats and decides.
      if (similarity >= minSimilarity - 1e-6) out.push({ name: this.names[name]!, similarity, places: this.places[name]! });
    }
    return out.sort((a, b) => b.similarity - a.similarity || b.places - a.places || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }
}

const cache = new WeakMap<Database, { version: number; index: Promise<PlaceNameIndex> }>();

/**
 * This process's PlaceNameIndex of a database handle: built from `place_names` on first use and again whenever
 * `place_search_version` changed (every rebuild of the place search tables raises it, in whichever process), so a
 * load shows in every process's typo search at once. Costs one one-row read per call; a rebuild reads the names
 * (about 120,000 rows with SEPOMEX, half a second to a second). Throws only if the database fails.
 */
export async function readPlaceNameIndex(database: Database): Promise<PlaceNameIndex> {
  const version = await readPlaceSearchVersion(database.db);
  const kept = cache.get(database);
  if (kept && kept.version === version) return kept.index;
  const index = readPlaceNames(database.db).then((rows) => new PlaceNameIndex(rows));
  index.catch(() => {
    if (cache.get(database)?.index === index) cache.delete(database);
  });
  cache.set(database, { version, index });
  return index;
}
