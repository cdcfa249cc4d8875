import { sql } from 'kysely';
import type { Database } from '@nj/db';
import { autocompletePlaces } from '../autocomplete-places.ts';

export type AutocompleteBenchResult = {
  queries: number;
  places: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  /** How many of the queries were misspelt whole names, and their own p95 (ms). */
  typoQueries: number;
  typoP95Ms: number;
};

/** Share of the queries that are a whole name with one letter left out (issue 9 §2: typos answer in time too). */
const TYPO_SHARE = 0.1;

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32), so every run times the same queries. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * Times `count` (default 1,000) realistic place-autocomplete calls on `database`: prefixes of 1–12 characters of
 * the names of places drawn at random (half of them among the 2,000 best-ranked places, the rest among all), as
 * typed (accents and capitals kept), one in ten instead a whole name with one letter left out (a typo, answered by
 * the trigram search), after 50 warm-up calls and one typo (which loads the name index). Returns p50/p95/p99/max in
 * milliseconds over all of them, the typos' own p95, and the number of places loaded. Issue 2 §4 and issue 9 §2:
 * autocomplete p95 ≤ 10 ms. Read-only.
 */
export async function benchAutocomplete(database: Database, options: { count?: number; seed?: number } = {}): Promise<AutocompleteBenchResult> {
  const count = options.count ?? 1000;
  const rnd = random(options.seed ?? 42);
  const top = (await sql<{ name: string }>`SELECT name FROM places ORDER BY rank DESC LIMIT 2000`.execute(database.db)).rows;
  // REPEATABLE: the same sample of the same data every run, so two runs (before and after a change) time the same queries.
  const all = (await sql<{ name: string }>`SELECT name FROM places TABLESAMPLE SYSTEM (10) REPEATABLE (${options.seed ?? 42}) LIMIT 20000`
    .execute(database.db)).rows;
  const pool = all.length > 0 ? all : top;
  const places = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM places`.execute(database.db)).rows[0]?.n ?? 0;
  if (top.length === 0) return { queries: 0, places, p50Ms: 0, p95Ms: 0, p99Ms: 0, maxMs: 0, typoQueries: 0, typoP95Ms: 0 };

  const queries: { q: string; typo: boolean }[] = [];
  for (let i = 0; i < count + 50; i++) {
    const list = rnd() < 0.5 ? top : pool;
    const name = list[Math.floor(rnd() * list.length)]!.name;
    if (rnd() < TYPO_SHARE && name.length >= 6) {
      // A whole name with one letter left out ('Guadalajra'): no prefix matches, the trigram search answers.
      const at = 2 + Math.floor(rnd() * (name.length - 3));
      queries.push({ q: name.slice(0, at) + name.slice(at + 1), typo: true });
    } else {
      queries.push({ q: name.slice(0, 1 + Math.floor(rnd() * 12)), typo: false });
    }
  }
  const times: number[] = [];
  const typoTimes: number[] = [];
  // Warm-up starts with a typo: the first one in a process loads the name index (place-name-index.ts, once per
  // process and per load of places), which is not what a person typing waits for.
  const firstTypo = queries.find((x) => x.typo);
  if (firstTypo) await autocompletePlaces(database, { q: firstTypo.q });
  for (let i = 0; i < queries.length; i++) {
    const t = performance.now();
    await autocompletePlaces(database, { q: queries[i]!.q });
    if (i < 50) continue;
    times.push(performance.now() - t);
    if (queries[i]!.typo) typoTimes.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  typoTimes.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    queries: times.length,
    places,
    p50Ms: round(percentile(times, 50)),
    p95Ms: round(percentile(times, 95)),
    p99Ms: round(percentile(times, 99)),
    maxMs: round(times[times.length - 1] ?? 0),
    typoQueries: typoTimes.length,
    typoP95Ms: round(percentile(typoTimes, 95)),
  };
}
