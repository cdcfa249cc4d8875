import type { Database } from '@nj/db';
import { REFERENCES_MESSAGES as M, type TReference } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import { normalizePhone } from '../verification/normalize-phone.ts';
import { referencesRepository } from './references-repository.ts';
import { sendReferenceMessage, type TReferenceMessenger } from './send-reference-message.ts';
import { presentReference } from './present-reference.ts';
import type { Actor } from '../policies/actor.ts';
import { ownRecords } from '../policies/policy.ts';
import { referencePolicy } from '../policies/reference.ts';

/**
 * Sends one of the signed-in client's references a reminder with a fresh confirmation link (spec 02 §4 "Reference":
 * the remind button of an unconfirmed reference; §8 'Se ha mandado un recordatorio a la referencia'). The reference
 * is found by the owner's cuid and the phone (any typed form; normalised), so nobody can remind another client's
 * reference. Returns the reference after sending.
 * Throws NOT_FOUND 'Error al encontrar la referencia', BAD_REQUEST 'Esta referencia ya confirmó', RATE_LIMITED
 * (one reminder a day per reference, REFERENCE_MESSAGES_PER_DAY per client).
 */
export async function remindReference(options: {
  database: Database;
  actor: Actor;
  phoneNumber: string;
  messenger: TReferenceMessenger;
}): Promise<TReference> {
  const cuid = ownRecords(options.actor, referencePolicy, 'manage_own');
  const { database } = options;
  const phone = normalizePhone(options.phoneNumber).e164;
  const row = await referencesRepository.findByOwnerAndPhone(database, cuid, phone);
  if (!row) throw new AppError('NOT_FOUND', M.findError);
  if (row.is_confirmed) throw new AppError('BAD_REQUEST', M.alreadyConfirmed);
  const owner = await referencesRepository.findOwner(database, cuid);
  await sendReferenceMessage({ database, messenger: options.messenger, reference: row, ownerNickname: owner?.nickname ?? null });
  const after = await referencesRepository.findByOwnerAndPhone(database, cuid, phone);
  return presentReference(after ?? row);
}
