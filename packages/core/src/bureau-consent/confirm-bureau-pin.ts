import { BUREAU_CONSENT, BUREAU_CONSENT_MESSAGES as M, type TBureauConsent } from '@nj/contracts';
import type { Database } from '@nj/db';
import { hashSecret } from '../accounts/codes.ts';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { authorize } from '../policies/policy.ts';
import { bureauConsentPolicy } from '../policies/bureau-consent.ts';
import { bureauConsentRepository } from './bureau-consent-repository.ts';
import { presentBureauConsent } from './present-bureau-consent.ts';
import { bureauPinScope } from './send-bureau-pin.ts';

/**
 * The signed-in client authorizes the credit bureau query with the NIP they received (spec 03 §7 POST
 * /v1/client/multiburopin; decision 020): recorded with the text's version (BUREAU_CONSENT.consentVersion), it
 * covers investigations started within 30 days. Five wrong NIPs spend it.
 * @returns ZBureauConsent with `authorized_at` and `valid_until`
 * @throws AppError UNAUTHORIZED; BAD_REQUEST `{ pin }` for no NIP sent, an expired, spent or wrong one (Spanish)
 */
export async function confirmBureauPin(database: Database, input: { actor: Actor; pin: string }): Promise<TBureauConsent> {
  authorize(input.actor, bureauConsentPolicy, 'manage_own');
  const cuid = input.actor.cuid!;
  const refusal = await database.db.transaction().execute(async (trx) => {
    const row = await bureauConsentRepository.forUpdate(trx, cuid);
    if (!row?.pin_hash || !row.pin_expires_at) return M.noPin;
    if (row.pin_attempts >= BUREAU_CONSENT.maxAttempts) return M.tooManyAttempts;
    if (row.pin_expires_at.getTime() <= Date.now()) return M.pinExpired;
    if (hashSecret(bureauPinScope(cuid), input.pin) !== row.pin_hash) {
      await bureauConsentRepository.countAttempt(trx, cuid);
      return row.pin_attempts + 1 >= BUREAU_CONSENT.maxAttempts ? M.tooManyAttempts : M.pinInvalid;
    }
    await bureauConsentRepository.authorize(trx, cuid, BUREAU_CONSENT.consentVersion);
    return null;
  });
  if (refusal) throw new AppError('BAD_REQUEST', refusal, { pin: refusal });
  return presentBureauConsent(await bureauConsentRepository.find(database, cuid));
}

/**
 * The signed-in client's authorization (GET /api/v1/client/multiburopin; decision 020).
 * @returns ZBureauConsent
 * @throws AppError UNAUTHORIZED for visitors and anonymous clients
 */
export async function getBureauConsent(database: Database, input: { actor: Actor }): Promise<TBureauConsent> {
  authorize(input.actor, bureauConsentPolicy, 'manage_own');
  return presentBureauConsent(await bureauConsentRepository.find(database, input.actor.cuid!));
}

/**
 * Refuses an investigation of client `cuid` without an authorization that still covers it (decision 020).
 * @throws AppError CONFLICT 'Antes de la investigación autoriza la consulta…'
 */
export async function assertBureauConsent(database: Database, cuid: string): Promise<void> {
  if (!presentBureauConsent(await bureauConsentRepository.find(database, cuid)).authorized_at) {
    throw new AppError('CONFLICT', M.consentRequired);
  }
}
