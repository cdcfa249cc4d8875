import type { Database } from '@nj/db';
import type { TCrmClientDetail } from '@nj/contracts';
import type { Actor } from '../policies/actor.ts';
import { crmRepository } from './crm-repository.ts';
import { loadCrmClientFor } from './crm-scope.ts';
import { newCrmNoteId } from './crm-ids.ts';
import { getCrmClient } from './get-crm-client.ts';

/**
 * POST /v1/crm/clients/{uid}/notes `{ body }` (issue 16 'a client's timeline (notes…)'): adds the actor's note.
 * @returns the client's detail with its timeline (ZCrmClientDetail)
 * @throws AppError UNAUTHORIZED; FORBIDDEN; NOT_FOUND 'No encontramos ese cliente en tu CRM'
 */
export async function addCrmNote(database: Database, input: { actor: Actor; uid: string; body: string }): Promise<TCrmClientDetail> {
  const { scope } = await loadCrmClientFor(database, input.actor, input.uid, 'update');
  await crmRepository.insertNote(database, { nuid: newCrmNoteId(), uid: input.uid, author_cuid: scope.cuid, body: input.body });
  await crmRepository.update(database, input.uid, {});
  return getCrmClient(database, { actor: input.actor, uid: input.uid });
}
