import { existsSync } from 'node:fs';
import { SHARED_DATA } from './common.ts';
import { deriveBoundaries } from './derive-boundaries.ts';
import { deriveListings } from './derive-listings.ts';
import { derivePlaces } from './derive-places.ts';
import { deriveSample } from './derive-sample.ts';

/**
 * `npm run derive:data`: rebuilds everything under data/ (and test/fixtures/listings-sample.csv) from the source
 * datasets in ../shared/data. Deterministic; run it after the sources or the rules change, then commit the output.
 */
if (!existsSync(SHARED_DATA)) {
  console.error(`No se encontraron los datos de origen en ${SHARED_DATA}`);
  process.exit(1);
}
const started = performance.now();
derivePlaces();
deriveBoundaries();
const { rows } = deriveListings();
deriveSample(rows);
console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
