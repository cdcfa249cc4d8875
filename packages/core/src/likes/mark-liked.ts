import type { Database } from '@nj/db';
import { likesRepository } from './likes-repository.ts';

/**
 * Sets `is_liked` on listings (cards or a detail) for one client, with one query for the whole page (spec 01 §3
 * "is_liked"). With no `cuid` (visitor or anonymous client) the listings are returned as they are (is_liked false).
 *
 * @param cuid the registered client, or undefined
 * @param listings objects with `uid` (puid) and `is_liked`
 * @returns the same listings (new objects where liked), in the same order
 * @throws only database errors
 */
export async function markLiked<T extends { uid: string; is_liked: boolean }>(
  database: Database,
  cuid: string | undefined,
  listings: T[],
): Promise<T[]> {
  if (!cuid || listings.length === 0) return listings;
  const liked = await likesRepository.likedAmong(database, cuid, listings.map((l) => l.uid));
  return liked.size === 0 ? listings : listings.map((l) => (liked.has(l.uid) ? { ...l, is_liked: true } : l));
}
