import type { Database } from '@nj/db';
import { nearestLocality as findNearestLocality } from '@nj/geo';

/**
 * The city and region around (lat, lng) degrees for the search answer's `location` (spec 01 §3 "Map response"),
 * from @nj/geo's place data; nulls when no places are loaded. Throws only when the database fails.
 */
export async function nearestLocality(database: Database, lat: number, lng: number): Promise<{ city: string | null; region: string | null }> {
  const found = await findNearestLocality(database, lat, lng);
  return { city: found?.city ?? null, region: found?.region ?? null };
}
