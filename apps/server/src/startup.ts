import { ensureDemoData, type Database } from '@nj/db';

/**
 * First-start data: imports the shipped places and the demo listings when the database is empty. Each step is
 * idempotent (skips when its data is present), so later starts cost one count query per step.
 * Order matters: places, then listings, then the colonias derived from the listings.
 */
export async function prepareData(database: Database, options: { log: (line: string) => void }): Promise<void> {
  await ensureDemoData(database, { log: options.log });
}
