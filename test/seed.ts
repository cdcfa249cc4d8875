import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { importListingsFile, type Database } from '@nj/db';
import { deriveColoniasFromListings, loadShippedPlaces, SHIPPED_BOUNDARIES_DIR, SHIPPED_PLACES_DIR } from '@nj/geo';
import { AREA_POLYGON_FILES } from '@nj/geo/load-shipped-places';
import { COLONIA_POLYGON_FILES } from '@nj/geo/locate-colonia-polygon';

/** A few hundred demo listings (Providencia in Guadalajara, renta and venta, some USD); see scripts/derive-data. */
const LISTINGS_SAMPLE = fileURLToPath(new URL('./fixtures/listings-sample.csv', import.meta.url));

/**
 * What every test database holds before a test file starts. Each feature adds its seed step here (shipped places,
 * a slice of the demo listings, …). Keep it small: it runs once per change of its inputs.
 */
export async function seedTestData(database: Database): Promise<void> {
  await loadShippedPlaces(database);
  await importListingsFile(database, LISTINGS_SAMPLE);
  await deriveColoniasFromListings(database);
}

/** The shipped places, colonia polygons and the geo code that loads them: a change rebuilds the template. */
const PLACES_INPUTS = [
  ...['states.csv', 'municipalities.csv', 'localities.csv', 'colonias-gdl-zap.csv', 'colonias-cdmx-mty.csv'].map((f) => `${SHIPPED_PLACES_DIR}${f}`),
  ...['load-shipped-places.ts', 'derive-colonias-from-listings.ts', 'place-record.ts', 'places-repository.ts',
    'rebuild-place-search-index.ts', 'colonia-sections.ts', 'locate-colonia-polygon.ts', 'place-outlines-repository.ts',
    'place-outline.ts'].map((f) => fileURLToPath(new URL(`../packages/geo/src/${f}`, import.meta.url))),
  // The colonia, municipality and state polygons the load writes to place_outlines (plain or gzip'd, as shipped).
  ...[...COLONIA_POLYGON_FILES, ...AREA_POLYGON_FILES].map((f) => `${SHIPPED_BOUNDARIES_DIR}${f}`).map((f) => (existsSync(f) ? f : `${f}.gz`)),
];

/** A string that changes whenever the seed's inputs change (file contents, seed code version). */
export function seedFingerprint(): string {
  const listings = createHash('sha256').update(readFileSync(LISTINGS_SAMPLE)).digest('hex').slice(0, 12);
  const places = createHash('sha256');
  for (const f of PLACES_INPUTS) places.update(readFileSync(f));
  return `v1:listings=${listings}:places=${places.digest('hex').slice(0, 12)}`;
}
