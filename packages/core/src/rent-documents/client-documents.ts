import { DOCUMENT_MESSAGES as M, IDENTITY_DOCUMENT_TYPES, type IdentityDocumentType, type TClientDocument } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { authorize } from '../policies/policy.ts';
import { personDocumentPolicy } from '../policies/person-document.ts';
import { documentsRepository } from './documents-repository.ts';
import { presentClientDocument } from './present-documents.ts';
import { saveDocumentFile, type DocumentDeps } from './save-document-file.ts';

/**
 * Uploads the actor's INE side `dtype` (spec 03 §7 POST /v1/client/document?dtype, multipart field `document`;
 * issue 12 'Identity'): checked by content and size, stored sealed (decision 016). A client has one current document
 * per side: a new upload replaces the previous file and keeps its documentId.
 * @returns the stored document `{ documentId, dtype, content_type, size, filename, created }`
 * @throws AppError UNAUTHORIZED; the content check's errors (`fields.file`); CONFLICT on a concurrent upload
 */
export async function uploadClientDocument(
  deps: DocumentDeps, input: { actor: Actor; dtype: IdentityDocumentType; file: Buffer; filename: string | null },
): Promise<TClientDocument> {
  authorize(input.actor, personDocumentPolicy, 'manage_own');
  const row = await saveDocumentFile(deps, {
    place: { cuid: input.actor.cuid!, kind: input.dtype, ruid: null, role: null }, file: input.file, filename: input.filename,
  });
  return presentClientDocument(row);
}

/**
 * Replaces the file of the actor's identity document `documentId` (spec 03 §7 POST and PUT
 * /v1/client/document/{documentId}); the documentId stays.
 * @returns the stored document
 * @throws AppError NOT_FOUND 'No encontramos ese documento' for an unknown id or another client's document (nobody
 *   learns it exists); the content check's errors
 */
export async function replaceClientDocument(
  deps: DocumentDeps, input: { actor: Actor; documentId: string; file: Buffer; filename: string | null },
): Promise<TClientDocument> {
  authorize(input.actor, personDocumentPolicy, 'manage_own');
  const current = await documentsRepository.find(deps.database, input.documentId);
  if (!current || current.cuid !== input.actor.cuid || current.ruid !== null || !(IDENTITY_DOCUMENT_TYPES as readonly string[]).includes(current.kind)) {
    throw new AppError('NOT_FOUND', M.documentNotFound);
  }
  const row = await saveDocumentFile(deps, {
    place: { cuid: current.cuid, kind: current.kind, ruid: null, role: null }, file: input.file, filename: input.filename,
  });
  return presentClientDocument(row);
}

/**
 * The actor's current INE side `dtype` (spec 03 §7 GET /v1/client/document/dtype?dtype), or null when none was
 * uploaded. The file itself is read with GET /api/v1/documents/{documentId}.
 * @returns `{ documentId, dtype, content_type, size, filename, created }` or null
 * @throws AppError UNAUTHORIZED
 */
export async function getClientDocument(deps: Pick<DocumentDeps, 'database'>, input: { actor: Actor; dtype: IdentityDocumentType }): Promise<TClientDocument | null> {
  authorize(input.actor, personDocumentPolicy, 'manage_own');
  const row = await documentsRepository.findAt(deps.database.db, { cuid: input.actor.cuid!, kind: input.dtype, ruid: null, role: null });
  return row ? presentClientDocument(row) : null;
}
