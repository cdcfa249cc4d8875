import type { Database } from '../../connect.ts';
import { buildGeocoder, type Geocoder, type GeocoderPlaceRow } from './locate.ts';

/** The place kinds the geocoder reads: states (context), municipalities and localities, colonias, postal codes. */
const GEOCODER_KINDS = ['region', 'locality', 'neighbourhood', 'postal_code'] as const;

/**
 * Loads the importer's geocoder (issue 10 design §4): reads the places it needs from `places` once, one query per
 * kind (states, municipalities and localities, colonias — shipped polygons, SEPOMEX and those derived from listings —
 * and SEPOMEX postal codes when imported), into in-memory maps; `locate(parts)` is then synchronous (see
 * `buildGeocoder` for the order of precision and the ambiguity rule). A copy is reused for the same database for up to GEOCODER_MAX_AGE_MS
 * while the number of those places is unchanged. Throws only what the database throws.
 */
export async function loadGeocoder(database: Database): Promise<Geocoder> {
  // The import page plans, dry-runs and runs one file in a few calls: the places are read again only when their
  // number changed (a SEPOMEX import, colonias derived at start) or the copy is older than GEOCODER_MAX_AGE_MS.
  const count = await database.db
    .selectFrom('places')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('kind', 'in', [...GEOCODER_KINDS])
    .executeTakeFirstOrThrow();
  const cached = loaded.get(database);
  if (cached && cached.count === Number(count.n) && Date.now() - cached.at < GEOCODER_MAX_AGE_MS) return cached.geocoder;
  const geocoder = await readGeocoder(database);
  loaded.set(database, { geocoder, count: Number(count.n), at: Date.now() });
  return geocoder;
}

/** How long a loaded geocoder is reused for the same database while its places keep their number (ms). */
export const GEOCODER_MAX_AGE_MS = 10 * 60_000;
const loaded = new WeakMap<Database, { geocoder: Geocoder; count: number; at: number }>();

async function readGeocoder(database: Database): Promise<Geocoder> {
  const rows: GeocoderPlaceRow[] = [];
  for (const kind of GEOCODER_KINDS) {
    const found = await database.db
      .selectFrom('places')
      .select(['id', 'kind', 'name_norm', 'aliases', 'state_code', 'municipality_code', 'postal_code', 'lat', 'lng', 'population', 'rank', 'precision'])
      .where('kind', '=', kind)
      .execute();
    for (const r of found) rows.push({ ...r, lat: Number(r.lat), lng: Number(r.lng), population: Number(r.population), rank: Number(r.rank) });
  }
  return buildGeocoder(rows);
}
