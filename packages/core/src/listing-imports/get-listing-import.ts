import type { TListingImport } from '@nj/contracts';
import type { Database } from '@nj/db';
import type { Actor } from '../policies/actor.ts';
import { loadOwnImport } from './load-own-import.ts';
import { presentListingImport } from './present-listing-import.ts';

/**
 * One import of the actor with its progress and, once ended, the grouped report (GET /api/v1/listing-imports/{id};
 * the page polls it every 1–2 s while it runs).
 * @throws AppError UNAUTHORIZED (visitor/anonymous); NOT_FOUND 'No encontramos esta importación' (unknown or someone
 *   else's)
 */
export async function getListingImport(deps: { database: Database }, input: { actor: Actor; id: string }): Promise<TListingImport> {
  return presentListingImport(await loadOwnImport(deps.database, input.actor, input.id, 'read'));
}
