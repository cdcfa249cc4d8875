import type { Database } from '@nj/db';
import { REFERENCES_MESSAGES as M, type TReferenceConfirmation } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import { referencesRepository } from './references-repository.ts';
import { hashReferenceToken } from './reference-token.ts';

/** The live token's reference and owner, or NOT_FOUND 'El enlace no es válido o ya expiró'. */
export async function findReferenceByToken(database: Database, token: string) {
  const row = await referencesRepository.findByTokenHash(database, hashReferenceToken(token));
  if (!row) throw new AppError('NOT_FOUND', M.tokenInvalid);
  return row;
}

/**
 * Loads the external confirmation (spec 02 §2 modal 8, §7 `GET /v1/client/reference?token`) for the person who got
 * the link, without an account: the owner's uid, nickname and profile_photo_name (for '¿Aceptas ser la referencia
 * personal de {nickname}?'), the reference's own phone_number and name, and is_confirmed.
 * Throws NOT_FOUND for an unknown, expired or deleted reference's token.
 */
export async function getReferenceByToken(options: { database: Database; token: string }): Promise<TReferenceConfirmation> {
  const row = await findReferenceByToken(options.database, options.token);
  return {
    token: options.token,
    uid: row.cuid,
    nickname: row.nickname || M.ownerFallback,
    profile_photo_name: row.profile_photo_name,
    phone_number: row.phone_number,
    name: row.name,
    is_confirmed: row.is_confirmed,
  };
}
