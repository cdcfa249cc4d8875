import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { importListingsFile, type Database } from '@nj/db';

/** A few hundred demo listings (Providencia in Guadalajara, renta and venta, some USD); see scripts/derive-data. */
const LISTINGS_SAMPLE = fileURLToPath(new URL('./fixtures/listings-sample.csv', import.meta.url));

/**
 * What every test database holds before a test file starts. Each feature adds its seed step here (shipped places,
 * a slice of the demo listings, …). Keep it small: it runs once per change of its inputs.
 */
export async function seedTestData(database: Database): Promise<void> {
  await importListingsFile(database, LISTINGS_SAMPLE);
}

/** A string that changes whenever the seed's inputs change (file contents, seed code version). */
export function seedFingerprint(): string {
  const listings = createHash('sha256').update(readFileSync(LISTINGS_SAMPLE)).digest('hex').slice(0, 12);
  return `v1:listings=${listings}`;
}
