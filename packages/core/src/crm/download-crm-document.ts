import { CRM_MESSAGES as M, DOCUMENT_MESSAGES } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import type { DocumentDeps } from '../rent-documents/save-document-file.ts';
import { openSealedBytes } from '../security/seal-bytes.ts';
import { crmRepository } from './crm-repository.ts';
import { loadCrmClientFor } from './crm-scope.ts';

/**
 * GET /v1/crm/clients/{uid}/docs/{duid} (issue 16 'CRM'; decision 032 'Documents of a CRM client'): the original
 * bytes of a CRM client's document, unsealed, for whoever sees the client (crmPolicy 'read').
 * @returns `{ body (bytes), contentType (as judged at upload), filename (the display name) }`
 * @throws AppError UNAUTHORIZED; FORBIDDEN 'El CRM es para asesores…'; NOT_FOUND 'No encontramos ese cliente en tu
 *   CRM' or 'No encontramos ese documento del cliente'; INTERNAL 'Error al descargar el archivo' when the stored file
 *   is missing or cannot be opened
 */
export async function downloadCrmDocument(
  deps: DocumentDeps, input: { actor: Actor; uid: string; duid: string },
): Promise<{ body: Buffer; contentType: string; filename: string }> {
  await loadCrmClientFor(deps.database, input.actor, input.uid, 'read');
  const doc = await crmRepository.findDocument(deps.database, input.uid, input.duid);
  if (!doc) throw new AppError('NOT_FOUND', M.docNotFound);
  const stored = await deps.storage.get(doc.storage_key);
  if (!stored) throw new AppError('INTERNAL', DOCUMENT_MESSAGES.downloadFailed);
  try {
    return { body: openSealedBytes(deps.dataKey, stored.body), contentType: doc.content_type, filename: doc.name };
  } catch {
    throw new AppError('INTERNAL', DOCUMENT_MESSAGES.downloadFailed);
  }
}
