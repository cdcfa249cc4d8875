import type { Database } from '../../connect.ts';
import { buildGeocoder, type Geocoder, type GeocoderPlaceRow } from './locate.ts';

/** The place kinds the geocoder reads: states (context), municipalities and localities, colonias, postal codes. */
const GEOCODER_KINDS = ['region', 'locality', 'neighbourhood', 'postal_code'] as const;

/**
 * Loads the importer's geocoder (issue 10 design §4): reads the places it needs from `places` once, one query per
 * kind (states, municipalities and localities, colonias — shipped polygons, SEPOMEX and those derived from listings —
 * and SEPOMEX postal codes when imported), into in-memory maps; `locate(parts)` is then synchronous (see
 * `buildGeocoder` for the order of precision and the ambiguity rule). Reflects the places at load time: load one per
 * import. Throws only what the database throws.
 */
export async function loadGeocoder(database: Database): Promise<Geocoder> {
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
