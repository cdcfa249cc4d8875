import type { Database } from '@nj/db';
import { nearestLocality as findNearestLocality } from '@nj/geo';

type Locality = { city: string | null; region: string | null };

/** Centres closer than this (degrees, ~110 m) share one locality lookup. */
const GRID_DEG = 0.001;
const MAX_ENTRIES = 20_000;
const TTL_MS = 10 * 60_000;
const cache = new Map<string, { at: number; value: Promise<Locality> }>();

/**
 * The city and region around (lat, lng) degrees for the search answer's `location` (spec 01 §3 "Map response"),
 * from @nj/geo's place data; nulls when no places are loaded. Lookups are shared for 10 minutes between centres in
 * the same square of 0.001° (~110 m) or, for a viewport `spanDeg` degrees wide, of about 1/64 of it (20 px; at
 * most ~1°): every map search asks one (issue 7 "Under load"); per database, at most 20,000 squares; an empty answer is not kept. Throws only when the database fails (a failure is not kept).
 */
export async function nearestLocality(database: Database, lat: number, lng: number, spanDeg = 0): Promise<Locality> {
  // The square grows with the viewport: 1/64 of its width (20 px of a 1280 px map), a power of two times 0.001°.
  let grid = GRID_DEG;
  while (grid * 64 < spanDeg && grid < 1) grid *= 2;
  const gy = Math.round(lat / grid);
  const gx = Math.round(lng / grid);
  const key = `${dbKey(database)}:${grid}:${gy}:${gx}`;
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && now - hit.at < TTL_MS) return hit.value;
  const value = findNearestLocality(database, gy * grid, gx * grid).then((found) => ({
    city: found?.city ?? null, region: found?.region ?? null,
  }));
  cache.delete(key);
  cache.set(key, { at: now, value });
  // Failures and empty answers (places not loaded yet) are not kept.
  value.then((v) => { if (v.city === null && v.region === null) cache.delete(key); }, () => cache.delete(key));
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return value;
}

const ids = new WeakMap<Database, number>();
let nextId = 0;
/** A per-process number for each open database (tests open several; their places differ). */
function dbKey(database: Database): number {
  let id = ids.get(database);
  if (id === undefined) ids.set(database, (id = ++nextId));
  return id;
}
