import type { Database } from '@nj/db';
import { nearestLocalityFallback } from './nearest-locality.ts';

type Locality = { city: string | null; region: string | null };
type GeoModule = { nearestLocality?: (database: Database, lat: number, lng: number) => Promise<Partial<Locality> & Record<string, unknown> | null | undefined> };

let geo: Promise<GeoModule | null> | undefined;
// Resolved at run time: @nj/geo (place search) is built alongside this feature and may not export it yet.
const GEO_MODULE = '@nj/geo';

/**
 * The city and region around (lat, lng) degrees for the search answer's `location` (spec 01 §3 "Map response").
 * Uses @nj/geo's nearestLocality when that package exports it, else the fallback query of nearest-locality.ts.
 */
export async function nearestLocality(database: Database, lat: number, lng: number): Promise<Locality> {
  geo ??= import(GEO_MODULE).then((m: GeoModule) => m, () => null);
  const fn = (await geo)?.nearestLocality;
  if (!fn) return nearestLocalityFallback(database, lat, lng);
  const found = await fn(database, lat, lng);
  return { city: (found?.city as string | null | undefined) ?? null, region: (found?.region as string | null | undefined) ?? null };
}
