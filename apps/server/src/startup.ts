import { ensureDemoData, type Database } from '@nj/db';
import { deriveColoniasFromListings, loadShippedPlaces } from '@nj/geo';

/**
 * First-start data: imports the shipped places and the demo listings when the database is empty. Each step is
 * idempotent (skips when its data is present), so later starts cost one count query per step.
 * Order matters: places, then listings, then the colonias derived from the listings.
 */
export async function prepareData(database: Database, options: { log: (line: string) => void }): Promise<void> {
  await loadShippedPlaces(database, { log: options.log });
  await ensureDemoData(database, { log: options.log });
  await deriveColoniasFromListings(database, { log: options.log });
}
