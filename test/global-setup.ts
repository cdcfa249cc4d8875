import { createHash } from 'node:crypto';
import { migrationsFingerprint, prepareTemplate } from '@nj/db';
import { seedTestData, seedFingerprint } from './seed.ts';

/**
 * Vitest global setup: prepares the seeded template database once per run (kept between runs while the migrations
 * and seed inputs are unchanged), so each test file only copies it.
 */
export default async function setup(): Promise<void> {
  const key = createHash('sha256').update(migrationsFingerprint()).update(seedFingerprint()).digest('hex').slice(0, 16);
  await prepareTemplate(key, seedTestData);
}
