import type { Database } from '@nj/db';
import { readPlaceWords, rebuildPlaceNames, rebuildPlaceWords, replacePlacePrefixTop, vacuumPlaceTables } from './places-repository.ts';

/** A prefix matched by more place_words rows than this is "crowded": its best places are precomputed. */
export const CROWDED_PREFIX_SIZE = 40;

/**
 * Rebuilds the place search index from `places` (call after any load): `place_words` (word-starts of names and
 * aliases), `place_prefix_top` (for every prefix matched by more than CROWDED_PREFIX_SIZE words, the ids of the
 * best CROWDED_PREFIX_SIZE places by rank) and `place_names` (the distinct names the typo search looks among). With
 * it an autocomplete answer never sorts more than about 40 rows, whatever the prefix ('s', 'san', 'santa m'…).
 * Returns the row counts and the time taken (ms). Runs in one
 * transaction (TRUNCATE: searches wait for it, a few seconds with SEPOMEX loaded), then vacuums and analyses the
 * place tables so the planner's estimates stay cheap and right.
 */
export async function rebuildPlaceSearchIndex(
  database: Database,
): Promise<{ words: number; prefixes: number; names: number; ms: number }> {
  const started = performance.now();
  let words = 0;
  let prefixes = 0;
  let names = 0;
  await database.db.transaction().execute(async (trx) => {
    words = await rebuildPlaceWords(trx);
    names = await rebuildPlaceNames(trx);
    const rows = await readPlaceWords(trx);
    const top = crowdedPrefixes(rows, CROWDED_PREFIX_SIZE);
    prefixes = top.length;
    await replacePlacePrefixTop(trx, top);
  });
  await vacuumPlaceTables(database.db);
  return { words, prefixes, names, ms: Math.round(performance.now() - started) };
}

/**
 * For every prefix (not ending in a space) shared by more than `k` of `rows`' words, the ids of the `k` best places
 * by rank (ties by id), each place once. Works on the rows sorted by word, splitting ranges by their next character,
 * so the cost is the sum of the crowded ranges' sizes, not one map entry per prefix.
 */
export function crowdedPrefixes(rows: { word: string; place_id: string; rank: number }[], k: number): [string, string[]][] {
  const byRank = [...rows].sort((a, b) => b.rank - a.rank || (a.place_id < b.place_id ? -1 : a.place_id > b.place_id ? 1 : 0));
  const order = new Map<(typeof rows)[number], number>();
  byRank.forEach((r, i) => order.set(r, i));
  const items = rows.map((r) => ({ word: r.word, id: r.place_id, ord: order.get(r)! }));
  items.sort((a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : a.ord - b.ord));
  const out: [string, string[]][] = [];

  const best = (lo: number, hi: number): string[] => {
    const picked: { ord: number; id: string }[] = [];
    for (let i = lo; i < hi; i++) {
      const it = items[i]!;
      if (picked.length >= k && it.ord >= picked[picked.length - 1]!.ord) continue;
      const dup = picked.findIndex((p) => p.id === it.id);
      if (dup >= 0) {
        if (picked[dup]!.ord <= it.ord) continue;
        picked.splice(dup, 1);
      }
      let at = picked.length;
      while (at > 0 && picked[at - 1]!.ord > it.ord) at--;
      picked.splice(at, 0, { ord: it.ord, id: it.id });
      if (picked.length > k) picked.pop();
    }
    return picked.map((p) => p.id);
  };

  // Explicit stack instead of recursion: ranges [lo, hi) whose words share their first `depth` characters.
  const stack: [number, number, number][] = [[0, items.length, 0]];
  while (stack.length > 0) {
    const [lo, hi, depth] = stack.pop()!;
    let i = lo;
    while (i < hi && items[i]!.word.length <= depth) i++;
    while (i < hi) {
      const c = items[i]!.word[depth];
      let j = i + 1;
      while (j < hi && items[j]!.word[depth] === c) j++;
      if (j - i > k) {
        const prefix = items[i]!.word.slice(0, depth + 1);
        if (!prefix.endsWith(' ')) out.push([prefix, best(i, j)]);
        stack.push([i, j, depth + 1]);
      }
      i = j;
    }
  }
  return out;
}
