import { ACCOUNT_MESSAGES as M } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import { accountsRepository, normalizeEmail } from './accounts-repository.ts';
import type { AccountDeps } from './account-deps.ts';
import { verifyPassword } from './passwords.ts';
import { RATE_LIMITS, rateKey, requireNotLimited } from './rate-limiter.ts';

/**
 * Checks e-mail and password (spec 02 §7 POST /v1/login). An address without an account answers `{ isNew: true }`
 * so the page opens create-account prefilled (spec 02 §2 modal 1). Limited per IP and per address.
 *
 * @returns { isNew: true } or { isNew: false, cuid } of the account
 * @throws AppError UNAUTHORIZED 'El correo o la contraseña no son correctos' (or the social-only text);
 *   RATE_LIMITED after too many tries
 */
export async function logIn(
  deps: AccountDeps,
  input: { email: string; password: string; ip: string },
): Promise<{ isNew: true } | { isNew: false; cuid: string }> {
  const emailNorm = normalizeEmail(input.email);
  const accountKey = rateKey('login', emailNorm);
  await requireNotLimited(deps.limiter, [
    { key: rateKey('login-ip', input.ip), ...RATE_LIMITS.loginPerIp },
    { key: accountKey, ...RATE_LIMITS.loginPerAccount },
  ]);
  const row = await accountsRepository.findByEmail(deps.database, emailNorm);
  if (!row || row.is_anonymous) return { isNew: true };
  if (!row.password_hash) throw new AppError('UNAUTHORIZED', M.socialOnlyAccount);
  if (!(await verifyPassword(row.password_hash, input.password))) throw new AppError('UNAUTHORIZED', M.wrongCredentials);
  await deps.limiter.reset(accountKey);
  return { isNew: false, cuid: row.cuid };
}
