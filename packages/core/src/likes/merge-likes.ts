import type { Database } from '@nj/db';
import { likesRepository } from './likes-repository.ts';

/**
 * Moves the likes of an anonymous client to the account it signs into (spec 02: "anonymous clients become registered
 * ones without losing their likes"). Likes the account already has are kept once (the anonymous duplicate is
 * dropped, and the property's like count goes down by one accordingly). Atomic: one SQL statement.
 *
 * @param database the open database
 * @param fromCuid the anonymous client's cuid (its likes are removed)
 * @param toCuid the signed-in account's cuid (receives them); both must exist in `clients`
 * @returns the number of likes moved (duplicates not counted); 0 when both cuids are the same
 * @throws only on database errors (e.g. `toCuid` not a client: foreign-key violation)
 */
export async function mergeLikes(database: Database, fromCuid: string, toCuid: string): Promise<number> {
  if (fromCuid === toCuid) return 0;
  return likesRepository.moveAll(database, fromCuid, toCuid);
}
