import type { TCrmDocuments } from '@nj/contracts';
import { CRM_MESSAGES as M } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import { discardMediaKeys, recordPendingKeys } from '../media/pending-media.ts';
import type { Actor } from '../policies/actor.ts';
import type { DocumentDeps } from '../rent-documents/save-document-file.ts';
import { crmRepository } from './crm-repository.ts';
import { loadCrmClientFor } from './crm-scope.ts';
import { listCrmDocuments } from './list-crm-documents.ts';

/**
 * DELETE /v1/crm/clients/{uid}/docs/{duid} (issue 16 'CRM'; decision 032 'Documents of a CRM client'): removes a
 * CRM client's document for whoever sees the client (crmPolicy 'update'). The row goes in a transaction that
 * journals its file's key in media_pending; the file is deleted after the commit (a failed delete is retried by the
 * sweep), so the space is freed at once.
 * @returns the client's documents and the space after it (ZCrmDocuments)
 * @throws AppError UNAUTHORIZED; FORBIDDEN 'El CRM es para asesores…'; NOT_FOUND 'No encontramos ese cliente en tu
 *   CRM' or 'No encontramos ese documento del cliente'
 */
export async function deleteCrmDocument(deps: DocumentDeps, input: { actor: Actor; uid: string; duid: string }): Promise<TCrmDocuments> {
  await loadCrmClientFor(deps.database, input.actor, input.uid, 'update');
  const key = await deps.database.db.transaction().execute(async (trx) => {
    const gone = await crmRepository.deleteDocument(trx, input.uid, input.duid);
    if (gone) await recordPendingKeys(trx, [gone]);
    return gone;
  });
  if (!key) throw new AppError('NOT_FOUND', M.docNotFound);
  await discardMediaKeys(deps, [key]);
  return listCrmDocuments(deps.database, { actor: input.actor, uid: input.uid });
}
