import { randomBytes } from 'node:crypto';
import { IMPORT_PAGE_MESSAGES as M, LISTING_IMPORT_LIMITS, type TListingImportWithPlan } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { MediaStorage } from '../media/storage/media-storage.ts';
import type { Actor } from '../policies/actor.ts';
import { listingImportPolicy } from '../policies/listing-import.ts';
import { ownRecords } from '../policies/policy.ts';
import { planFile } from './engine.ts';
import { listingImportsRepository } from './listing-imports-repository.ts';
import { presentListingImport } from './present-listing-import.ts';

/**
 * A signed-in client uploads a CSV or XLSX on the import page (POST /api/v1/listing-imports; issue 10 "An import
 * page"): the engine reads it (content-checked: an image, a zip that is not XLSX, a bomb or a huge cell is refused),
 * the file is kept in the storage (imports/<cuid>/<id>.upload, never served) and a planned import is recorded.
 *
 * @param input `bytes` the file (at most LISTING_IMPORT_LIMITS.maxBytes, 20 MB), `fileName` as uploaded
 * @returns the import (status 'planned') and its plan: layout, columns with guesses and samples, missing required
 *   fields, the first five rows parsed
 * @throws AppError UNAUTHORIZED (visitor/anonymous); PAYLOAD_TOO_LARGE 'El archivo puede pesar como máximo 20 MB';
 *   BAD_REQUEST for an empty upload, a file that is not a table (the reader's Spanish message) or more than 20,000 rows
 */
export async function planListingImport(
  deps: { database: Database; storage: MediaStorage },
  input: { actor: Actor; bytes: Uint8Array; fileName: string },
): Promise<TListingImportWithPlan> {
  const cuid = ownRecords(input.actor, listingImportPolicy, 'create');
  if (input.bytes.length === 0) throw new AppError('BAD_REQUEST', M.fileMissing);
  if (input.bytes.length > LISTING_IMPORT_LIMITS.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', M.fileTooLarge);
  const fileName = cleanFileName(input.fileName);
  const createdAt = new Date();
  const plan = await planFile(deps.database, { bytes: input.bytes, name: fileName }, { asOf: createdAt.toISOString().slice(0, 10) });
  if (plan.rows > LISTING_IMPORT_LIMITS.maxRows) throw new AppError('BAD_REQUEST', M.tooManyRows(LISTING_IMPORT_LIMITS.maxRows));
  const id = `imp_${randomBytes(8).toString('hex')}`;
  const storedPath = `imports/${cuid.toLowerCase().replace(/[^a-z0-9_-]/g, '')}/${id}.upload`;
  await deps.storage.put(storedPath, Buffer.from(input.bytes), { contentType: 'application/octet-stream' });
  const row = await listingImportsRepository.insert(deps.database, {
    id, owner_cuid: cuid, file_name: fileName, stored_path: storedPath, format: plan.format, rows_total: plan.rows,
    mapping: { headers: plan.columns.map((c) => c.header), columns: [], missing: plan.missing },
  });
  return { import: presentListingImport(row), plan };
}

/** The uploaded name without folders or control characters, at most 200 characters ('archivo' when empty). */
function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 200) || 'archivo';
}
