import type { Database } from '@nj/db';
import { findNearestLocality } from './places-repository.ts';

/** Localities smaller than this are not named as "the city" of a map view. */
const CITY_MIN_POPULATION = 15_000;

/**
 * The city and state around a point (degrees), for the `location` of a search answer (issue 2 §4): the nearest
 * locality of at least 15,000 inhabitants; in Mexico City the city is 'Ciudad de México' (its alcaldías are
 * municipalities). Returns null when no places are loaded or the point is not a number. Throws only if the
 * database fails.
 */
export async function nearestLocality(
  database: Database, lat: number, lng: number,
): Promise<{ city: string; region: string } | null> {
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  const row = await findNearestLocality(database.db, lat, lng, CITY_MIN_POPULATION);
  if (!row) return null;
  const region = row.state_name ?? '';
  const city = row.state_code === '09' ? 'Ciudad de México' : row.name;
  return { city, region };
}
