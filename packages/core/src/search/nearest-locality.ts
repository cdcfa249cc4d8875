import { sql } from 'kysely';
import type { Database } from '@nj/db';

/**
 * Fallback for `nearestLocality` of @nj/geo (used while that package does not export one): the nearest place of
 * kind 'locality' within 0.5° of (lat, lng) degrees (KNN on the places_locality_geom_idx GiST index of migration 003), as { city, region } (locality or municipality name,
 * state name); nulls when none is near. Answers are cached per 0.01° cell (about 1 km) for the process's life.
 */
const cache = new Map<string, { city: string | null; region: string | null }>();

export async function nearestLocalityFallback(database: Database, lat: number, lng: number): Promise<{ city: string | null; region: string | null }> {
  const key = `${database.kind}:${Math.round(lat * 100)}:${Math.round(lng * 100)}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const r = await sql<{ city: string | null; region: string | null }>`
    SELECT coalesce(municipality_name, locality, name) AS city, state_name AS region FROM places
    WHERE kind = 'locality' AND geom && ST_Expand(ST_SetSRID(ST_MakePoint(${lng}, ${lat}), 4326), 0.5)
    ORDER BY geom <-> ST_SetSRID(ST_MakePoint(${lng}, ${lat}), 4326) LIMIT 1`.execute(database.db);
  const found = { city: r.rows[0]?.city ?? null, region: r.rows[0]?.region ?? null };
  if (cache.size > 50_000) cache.clear();
  cache.set(key, found);
  return found;
}
