import type { TListingImport } from '@nj/contracts';
import type { Database } from '@nj/db';
import type { Actor } from '../policies/actor.ts';
import { listingImportPolicy } from '../policies/listing-import.ts';
import { ownRecords } from '../policies/policy.ts';
import { listingImportsRepository } from './listing-imports-repository.ts';
import { presentListingImport } from './present-listing-import.ts';

/** Imports the page lists (the newest). */
export const LISTED_IMPORTS = 50;

/**
 * The actor's own imports, newest first, at most LISTED_IMPORTS (GET /api/v1/listing-imports; issue 10 "each import is
 * recorded (who, when, file name, counts)"). The page resumes showing a running one from here after a reload.
 * @throws AppError UNAUTHORIZED for a visitor or anonymous client
 */
export async function listListingImports(deps: { database: Database }, input: { actor: Actor }): Promise<TListingImport[]> {
  const cuid = ownRecords(input.actor, listingImportPolicy, 'list_own');
  return (await listingImportsRepository.listOwn(deps.database, cuid, LISTED_IMPORTS)).map(presentListingImport);
}
