import { assertStrongPassword } from './check-password-strength.ts';
import { ACCOUNT_MESSAGES as M, CLIENT_UPDATABLE_KEYS, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import { accountsRepository } from './accounts-repository.ts';
import type { AccountDeps } from './account-deps.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { RATE_LIMITS, rateKey, requireNotLimited } from './rate-limiter.ts';
import type { Actor } from '../policies/actor.ts';
import { ownClient } from '../policies/client.ts';

/**
 * Changes one key of the session's own client (spec 02 §7 POST/PUT /v1/client "by key and value"). Keys:
 * nickname (1–60 characters), bio (not empty: 'Debes de poner el texto'; at most 2000), password (needs
 * old_password, spec 02 §5; the other sessions of the account end). Values are trimmed except passwords.
 *
 * @param input.actor the session's registered client (clientPolicy 'update_own'; the route never takes the client from the body)
 * @param currentIdHash the session kept when the password changes
 * @throws AppError BAD_REQUEST with the field's Spanish message; NOT_FOUND for an unknown client;
 *   RATE_LIMITED after too many wrong old passwords
 */
export async function updateClient(
  deps: AccountDeps,
  input: { actor: Actor; key: string; value: string; oldPassword?: string | null; currentIdHash?: string },
): Promise<void> {
  const cuid = ownClient(input.actor, 'update_own');
  const { database } = deps;
  if (!(CLIENT_UPDATABLE_KEYS as readonly string[]).includes(input.key)) throw new AppError('BAD_REQUEST', M.keyNotAllowed, { key: M.keyNotAllowed });
  const row = await accountsRepository.findByCuid(database, cuid);
  if (!row) throw new AppError('NOT_FOUND', M.noClientSession);
  if (input.key === 'nickname') {
    const v = input.value.trim();
    if (!v) throw new AppError('BAD_REQUEST', M.nicknameRequired, { value: M.nicknameRequired });
    if (v.length > 60) throw new AppError('BAD_REQUEST', M.nicknameTooLong, { value: M.nicknameTooLong });
    await accountsRepository.update(database, cuid, { nickname: v });
    return;
  }
  if (input.key === 'bio') {
    const v = input.value.trim();
    if (!v) throw new AppError('BAD_REQUEST', M.bioRequired, { value: M.bioRequired });
    if (v.length > 2000) throw new AppError('BAD_REQUEST', M.bioTooLong, { value: M.bioTooLong });
    await accountsRepository.update(database, cuid, { bio: v });
    return;
  }
  // password
  if (!input.oldPassword) throw new AppError('BAD_REQUEST', M.oldPasswordRequired, { old_password: M.oldPasswordRequired });
  if (input.value.length < PASSWORD_MIN_LENGTH) throw new AppError('BAD_REQUEST', M.passwordTooShort, { value: M.passwordTooShort });
  if (input.value.length > PASSWORD_MAX_LENGTH) throw new AppError('BAD_REQUEST', M.passwordTooLong, { value: M.passwordTooLong });
  assertStrongPassword(input.value, [row.email, row.nickname], 'value');
  await requireNotLimited(deps.limiter, [{ key: rateKey('old-password', cuid), ...RATE_LIMITS.oldPasswordPerAccount }]);
  if (!row.password_hash) throw new AppError('BAD_REQUEST', M.socialOnlyAccount);
  if (!(await verifyPassword(row.password_hash, input.oldPassword))) {
    throw new AppError('BAD_REQUEST', M.oldPasswordWrong, { old_password: M.oldPasswordWrong });
  }
  await accountsRepository.update(database, cuid, { password_hash: await hashPassword(input.value) });
  await accountsRepository.expireResetTokens(database, cuid);
  await accountsRepository.deleteSessionsOf(database, cuid, input.currentIdHash);
}
