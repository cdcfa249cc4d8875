import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as spanish from '@zxcvbn-ts/language-es-es';
import { ACCOUNT_MESSAGES as M } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';

/** zxcvbn score (0–4) a new password needs: 2 ≈ at least 10^6 guesses for an offline attacker with the dictionaries. */
export const MIN_PASSWORD_SCORE = 2;

let factory: ZxcvbnFactory | undefined;
/** zxcvbn with the common-password lists (breached and most-used passwords, names, keyboards) and Spanish words. */
function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...spanish.dictionary },
    graphs: common.adjacencyGraphs,
    translations: spanish.translations,
  });
  return factory;
}

/**
 * Refuses a new password that is common, breached-list or easy to guess (issue 7 §7): zxcvbn-ts with the common
 * and Spanish dictionaries, and the person's own e-mail and nickname as words to avoid. Takes tens of ms.
 *
 * @param field the request field the Spanish message is attached to ('password', 'value')
 * @throws AppError BAD_REQUEST 'Esta contraseña es muy común o fácil de adivinar…' when its score is below
 *   MIN_PASSWORD_SCORE
 */
export function assertStrongPassword(password: string, userInputs: (string | null | undefined)[], field = 'password'): void {
  const words = userInputs.flatMap((x) => (x ? [x, ...x.split(/[@.\s_-]+/)] : [])).filter((w) => w.length >= 3);
  const result = estimator().check(password.slice(0, 100), words);
  if (result.score < MIN_PASSWORD_SCORE) throw new AppError('BAD_REQUEST', M.passwordTooCommon, { [field]: M.passwordTooCommon });
}
