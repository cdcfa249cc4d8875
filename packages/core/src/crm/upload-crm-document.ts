import { randomBytes } from 'node:crypto';
import { CRM_LIMITS, CRM_MESSAGES as M, formatCrmBytes, type TCrmDocument } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import { discardMediaKeys, recordPendingKeys, settlePendingKeys } from '../media/pending-media.ts';
import type { Actor } from '../policies/actor.ts';
import { checkDocumentContent } from '../rent-documents/check-document-content.ts';
import type { DocumentDeps } from '../rent-documents/save-document-file.ts';
import { sealBytes } from '../security/seal-bytes.ts';
import { crmRepository } from './crm-repository.ts';
import { newCrmDocId } from './crm-ids.ts';
import { loadCrmClientFor, type CrmScope } from './crm-scope.ts';
import { crmDocsSpaceOf } from './get-crm-docs-space.ts';
import { presentCrmDocument } from './list-crm-documents.ts';

/** Storage key prefix of CRM clients' sealed files; /media serves nothing under it, the orphan sweep covers it. */
export const CRM_DOCUMENTS_PREFIX = 'crm-documents/';

/**
 * The name a document keeps for display and download: the uploaded file's base name without folders, control
 * characters or quotes, spaces collapsed, at most CRM_LIMITS.docNameMax (200) characters keeping its extension;
 * `documento.{ext}` when nothing is left.
 */
export function cleanCrmDocumentName(name: string | null | undefined, ext: string): string {
  const base = (name ?? '').split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f"<>]/g, '').replace(/\s+/g, ' ').trim();
  if (!base) return `documento.${ext}`;
  if (base.length <= CRM_LIMITS.docNameMax) return base;
  const extension = /\.[a-z0-9]{1,5}$/i.exec(base)?.[0] ?? '';
  return `${base.slice(0, CRM_LIMITS.docNameMax - extension.length).trimEnd()}${extension}`;
}

/** The quota refusal: 413 with the space left, in Spanish. */
function quotaFull(free: number): AppError {
  const msg = M.docsQuotaFull(formatCrmBytes(Math.max(0, free)));
  return new AppError('PAYLOAD_TOO_LARGE', msg, { file: msg });
}

/**
 * POST /v1/crm/clients/{uid}/docs (issue 16 'CRM' documents space; spec 03 §3 CRM client, §7 CRM; decision 032
 * 'Documents of a CRM client'): stores a file in CRM client `uid`'s file for whoever sees the client (crmPolicy
 * 'update'). The file is judged by its CONTENT (checkDocumentContent: PDF of 1–100 pages or a JPEG, PNG, WebP or HEIC
 * image that decodes; 1 byte to 10 MiB; a name whose extension contradicts the content is refused). The CRM's
 * documents space (5 GiB per agency, 1 GiB per independent agent) must hold it: checked before anything is stored and
 * again under a per-CRM lock in the transaction that inserts the row, so racing uploads cannot overfill it. The bytes
 * are sealed (AES-256-GCM, the data key) under `crm-documents/{uid}/{random}.bin`, journaled in media_pending until
 * the row commits (an interrupted upload leaves no file).
 * @param deps `{ database, storage, dataKey }`
 * @param input `{ actor, uid, file (bytes), filename (as uploaded; cleaned, ≤ 200 chars) }`
 * @returns the stored document (ZCrmDocument)
 * @throws AppError UNAUTHORIZED; FORBIDDEN 'El CRM es para asesores…'; NOT_FOUND 'No encontramos ese cliente en tu
 *   CRM'; the content check's BAD_REQUEST / UNSUPPORTED_MEDIA (415) / PAYLOAD_TOO_LARGE (413 over 10 MB);
 *   PAYLOAD_TOO_LARGE 'Ya no hay espacio para este archivo…' when the space is full
 */
export async function uploadCrmDocument(
  deps: DocumentDeps, input: { actor: Actor; uid: string; file: Buffer; filename: string | null | undefined },
): Promise<TCrmDocument> {
  const { scope } = await loadCrmClientFor(deps.database, input.actor, input.uid, 'update');
  const content = await checkDocumentContent(input.file, input.filename);
  const size = input.file.length;
  await assertRoom(deps.database, scope, size);
  const key = `${CRM_DOCUMENTS_PREFIX}${input.uid.toLowerCase().replace(/[^a-z0-9_-]/g, '') || 'x'}/${randomBytes(16).toString('hex')}.bin`;
  const duid = newCrmDocId();
  await recordPendingKeys(deps.database.db, [key]);
  try {
    await deps.storage.put(key, sealBytes(deps.dataKey, input.file), { contentType: 'application/octet-stream' });
    await deps.database.db.transaction().execute(async (trx) => {
      await crmRepository.lockDocsSpace(trx, scope);
      await assertRoom(trx, scope, size);
      await settlePendingKeys(trx, [key]);
      await crmRepository.insertDocument(trx, {
        duid, uid: input.uid, name: cleanCrmDocumentName(input.filename, content.ext), size_bytes: size, storage_key: key,
        content_type: content.contentType, uploaded_by: scope.cuid,
      });
    });
  } catch (error) {
    await discardMediaKeys(deps, [key]);
    if ((error as { code?: string }).code === '23503') throw new AppError('NOT_FOUND', M.notFound);
    throw error;
  }
  const row = (await crmRepository.listDocuments(deps.database, input.uid)).find((d) => d.duid === duid);
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  return presentCrmDocument(row);
}

/** Refuses (413) when `size` more bytes do not fit in the scope's documents space. */
async function assertRoom(db: Parameters<typeof crmDocsSpaceOf>[0], scope: CrmScope, size: number): Promise<void> {
  const space = await crmDocsSpaceOf(db, scope);
  if (space.used_bytes + size > space.quota_bytes) throw quotaFull(space.quota_bytes - space.used_bytes);
}
