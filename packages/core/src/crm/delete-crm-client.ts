import { discardMediaKeys, recordPendingKeys } from '../media/pending-media.ts';
import type { Actor } from '../policies/actor.ts';
import type { DocumentDeps } from '../rent-documents/save-document-file.ts';
import { crmRepository } from './crm-repository.ts';
import { loadCrmClientFor } from './crm-scope.ts';

/**
 * DELETE /v1/crm/clients/{uid} (issue 16 'CRM'; decision 032 'Deleting a client'): removes a client from the CRM
 * with its notes, listing links and documents (crmPolicy 'delete': the agency's administrator, the independent
 * agent, an agent the clients they created). The rows go in one transaction that journals the documents' file keys
 * in media_pending; the files are deleted after the commit (a failed delete is retried by the sweep). A partner
 * keeps no link to the deleted client. The product account a client may be linked to is not touched.
 * @returns nothing
 * @throws AppError UNAUTHORIZED; FORBIDDEN 'El CRM es para asesores…' or 'Solo el administrador de la agencia o el
 *   asesor que lo agregó…'; NOT_FOUND 'No encontramos ese cliente en tu CRM'
 */
export async function deleteCrmClient(deps: DocumentDeps, input: { actor: Actor; uid: string }): Promise<void> {
  await loadCrmClientFor(deps.database, input.actor, input.uid, 'delete');
  const keys = await deps.database.db.transaction().execute(async (trx) => {
    const gone = await crmRepository.deleteClient(trx, input.uid);
    if (gone.length) await recordPendingKeys(trx, gone);
    return gone;
  });
  if (keys.length) await discardMediaKeys(deps, keys);
}
