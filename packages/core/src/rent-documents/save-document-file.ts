import { randomBytes } from 'node:crypto';
import { DOCUMENT_MESSAGES as M } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { discardMediaKeys, recordPendingKeys, settlePendingKeys } from '../media/pending-media.ts';
import type { MediaStorage } from '../media/storage/media-storage.ts';
import { cleanAttachmentName } from '../rents/send-attachment.ts';
import { sealBytes } from '../security/seal-bytes.ts';
import { checkDocumentContent } from './check-document-content.ts';
import { documentsRepository, type DocumentFileFacts, type DocumentPlace, type PersonDocumentRow } from './documents-repository.ts';

/** What the document verbs need: the database, the media storage and the data key that seals the files. */
export type DocumentDeps = { database: Database; storage: MediaStorage; dataKey: Buffer };

/** Storage key prefix of sealed documents; /media serves nothing under it (media-access knows no such key). */
export const DOCUMENTS_PREFIX = 'documents/';

/** A new random document slug (also the INE's documentId): 24 URL-safe characters. */
export function newDocumentSlug(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * Stores one document file at `place` (decision 016): checks it by content (checkDocumentContent), seals the bytes
 * with AES-256-GCM under the data key, writes them through the media storage under `documents/{cuid}/{random}.bin`
 * (journaled in media_pending until the row commits, so an interrupted upload leaves no file), then creates the
 * row or — when the place already has a document — points it at the new file keeping its slug (the old file is
 * deleted after the commit: replaced documents are not kept). Authorization is the caller's.
 * @param input `{ place, file (bytes), filename (as uploaded; cleaned), address? (proof of address) }`
 * @returns the stored row
 * @throws the content check's AppErrors; AppError CONFLICT 'Ya estamos guardando otro documento tuyo…' when two
 *   uploads for the same place race
 */
export async function saveDocumentFile(
  deps: DocumentDeps,
  input: { place: DocumentPlace; file: Buffer; filename: string | null | undefined; address?: DocumentFileFacts['address'] },
): Promise<PersonDocumentRow> {
  const content = await checkDocumentContent(input.file, input.filename);
  const key = `${DOCUMENTS_PREFIX}${input.place.cuid.toLowerCase().replace(/[^a-z0-9_-]/g, '') || 'x'}/${randomBytes(16).toString('hex')}.bin`;
  const facts: DocumentFileFacts = {
    storage_key: key, content_type: content.contentType, size: input.file.length,
    filename: cleanAttachmentName(input.filename, content.ext), address: input.address ?? null,
  };
  await recordPendingKeys(deps.database.db, [key]);
  let previous: string | null = null;
  let slug: string;
  try {
    await deps.storage.put(key, sealBytes(deps.dataKey, input.file), { contentType: 'application/octet-stream' });
    slug = await deps.database.db.transaction().execute(async (trx) => {
      await settlePendingKeys(trx, [key]);
      const current = await documentsRepository.findAt(trx, input.place);
      if (current) {
        previous = current.storage_key;
        await recordPendingKeys(trx, [previous]);
        await documentsRepository.replaceFile(trx, current.slug, facts);
        return current.slug;
      }
      const fresh = newDocumentSlug();
      await documentsRepository.insert(trx, fresh, input.place, facts);
      return fresh;
    });
  } catch (error) {
    await discardMediaKeys(deps, [key]);
    if ((error as { code?: string }).code === '23505') throw new AppError('CONFLICT', M.uploadInProgress);
    throw error;
  }
  if (previous) await discardMediaKeys(deps, [previous]);
  return (await documentsRepository.find(deps.database, slug))!;
}
