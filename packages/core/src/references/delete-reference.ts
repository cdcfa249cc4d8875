import type { Database } from '@nj/db';
import { REFERENCES_MESSAGES as M, type TReference } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import { normalizePhone } from '../verification/normalize-phone.ts';
import { referencesRepository } from './references-repository.ts';
import { listReferences } from './list-references.ts';
import type { Actor } from '../policies/actor.ts';
import { ownRecords } from '../policies/policy.ts';
import { referencePolicy } from '../policies/reference.ts';

/**
 * Deletes one of the signed-in client's references by phone (spec 02 §7 `DELETE /v1/client/references?phone_number`),
 * confirmed or not. Its confirmation links stop working. Returns the client's remaining references.
 * Throws NOT_FOUND 'Error al encontrar la referencia' when the client has no reference with that phone (also when
 * the phone belongs to another client's reference).
 */
export async function deleteReference(options: { database: Database; actor: Actor; phoneNumber: string }): Promise<TReference[]> {
  const cuid = ownRecords(options.actor, referencePolicy, 'manage_own');
  const phone = normalizePhone(options.phoneNumber).e164;
  const deleted = await referencesRepository.deleteByOwnerAndPhone(options.database, cuid, phone);
  if (deleted === 0) throw new AppError('NOT_FOUND', M.findError);
  return listReferences(options);
}
