import type { Database } from '@nj/db';
import { REFERENCES_MESSAGES as M, type TReferenceConfirmation } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import { referencesRepository } from './references-repository.ts';
import { findReferenceByToken, getReferenceByToken } from './get-reference-by-token.ts';

/**
 * The reference person accepts (spec 02 §2 modal 8 'Acepto' → 'Todo listo!', §7 `POST /v1/client/reference/confirm
 * ?token`). No account needed; `sessionCuid` is the caller's client when it has a session (kept as the confirmer).
 * Confirming again is harmless. Returns the confirmation with is_confirmed true.
 * Throws NOT_FOUND (bad or expired token), FORBIDDEN 'No puedes confirmar tu propia referencia' when the caller is
 * the reference's owner (spec 02 §5).
 */
export async function confirmReference(options: {
  database: Database;
  token: string;
  sessionCuid: string | null;
}): Promise<TReferenceConfirmation> {
  const row = await findReferenceByToken(options.database, options.token);
  if (options.sessionCuid && options.sessionCuid === row.cuid) throw new AppError('FORBIDDEN', M.ownReference);
  await referencesRepository.confirm(options.database, row.id, options.sessionCuid);
  return getReferenceByToken(options);
}
