import { IMPORT_PAGE_MESSAGES as M } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { listingImportPolicy } from '../policies/listing-import.ts';
import { authorize, ownCuid } from '../policies/policy.ts';
import { listingImportsRepository, type TListingImportRow } from './listing-imports-repository.ts';

/**
 * The import `id` if `actor` may do `action` on it (listingImportPolicy: the owner only). The query is scoped to the
 * actor, and the policy's rule is checked on the row as well.
 * @throws AppError UNAUTHORIZED for a visitor or anonymous client; NOT_FOUND 'No encontramos esta importación' for
 *   an unknown id or someone else's import
 */
export async function loadOwnImport(database: Database, actor: Actor, id: string, action: 'read' | 'update' | 'undo'): Promise<TListingImportRow> {
  authorize(actor, listingImportPolicy, action);
  const row = await listingImportsRepository.findOwn(database, ownCuid(actor), id);
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  authorize(actor, listingImportPolicy, action, row);
  return row;
}

/**
 * The stored file of an import as the engine's source (bytes and the uploaded name).
 * @throws AppError NOT_FOUND when the file is gone from the storage
 */
export async function readStoredFile(storage: { get(key: string): Promise<{ body: Buffer } | null> }, row: TListingImportRow): Promise<{ bytes: Uint8Array; name: string }> {
  const object = await storage.get(row.stored_path);
  if (!object) throw new AppError('NOT_FOUND', M.notFound);
  return { bytes: new Uint8Array(object.body), name: row.file_name };
}

/** The date relative texts of an import's file are read against: the day it was uploaded (YYYY-MM-DD, UTC). */
export function importAsOf(row: Pick<TListingImportRow, 'created_at'>): string {
  return new Date(row.created_at).toISOString().slice(0, 10);
}
