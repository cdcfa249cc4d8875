import type { Database } from '@nj/db';
import type { TReferenceConfirmation } from '@nj/contracts';
import { referencesRepository } from './references-repository.ts';
import { findReferenceByToken, getReferenceByToken } from './get-reference-by-token.ts';
import type { Actor } from '../policies/actor.ts';
import { authorize } from '../policies/policy.ts';
import { referencePolicy } from '../policies/reference.ts';

/**
 * The reference person accepts (spec 02 §2 modal 8 'Acepto' → 'Todo listo!', §7 `POST /v1/client/reference/confirm
 * ?token`). No account needed; `actor` is the caller (its client, when it has a session, is kept as the confirmer;
 * referencePolicy 'confirm' refuses the reference's own client).
 * Confirming again is harmless. Returns the confirmation with is_confirmed true.
 * Throws NOT_FOUND (bad or expired token), FORBIDDEN 'No puedes confirmar tu propia referencia' when the caller is
 * the reference's owner (spec 02 §5).
 */
export async function confirmReference(options: {
  database: Database;
  token: string;
  actor: Actor;
}): Promise<TReferenceConfirmation> {
  const row = await findReferenceByToken(options.database, options.token);
  authorize(options.actor, referencePolicy, 'confirm', row);
  await referencesRepository.confirm(options.database, row.id, options.actor.cuid);
  return getReferenceByToken(options);
}
