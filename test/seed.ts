import type { Database } from '@nj/db';

/**
 * What every test database holds before a test file starts. Each feature adds its seed step here (shipped places,
 * a slice of the demo listings, …). Keep it small: it runs once per change of its inputs.
 */
export async function seedTestData(_database: Database): Promise<void> {}

/** A string that changes whenever the seed's inputs change (file contents, seed code version). */
export function seedFingerprint(): string {
  return 'v1';
}
