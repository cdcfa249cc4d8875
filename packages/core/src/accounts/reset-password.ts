import { randomBytes } from 'node:crypto';
import { ACCOUNT_EMAILS, ACCOUNT_MESSAGES as M } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import { hashSessionToken } from '../sessions/create-anonymous-session.ts';
import { renderEmail } from '../messaging/render-email.ts';
import { sendEmail } from '../messaging/send-email.ts';
import { accountsRepository, normalizeEmail } from './accounts-repository.ts';
import { RESET_PASSWORD_PATH, RESET_TOKEN_TTL_MS, type AccountDeps } from './account-deps.ts';
import { hashPassword } from './passwords.ts';
import { assertStrongPassword } from './check-password-strength.ts';
import { clearLoginSlowdown } from './log-in.ts';
import { RATE_LIMITS, rateKey, requireNotLimited } from './rate-limiter.ts';

/**
 * Forgot password (spec 02 §7 GET /v1/auth/forgot-password): when the address has an account, e-mails a
 * single-use link valid 1 hour to `${publicUrl}/restablecer-contrasena?token=…`. Answers the same whether or not
 * the address exists (the caller shows the e-mail-sent notice either way). Limited per IP and per address.
 *
 * @throws AppError RATE_LIMITED after too many requests; UNAVAILABLE when the e-mail cannot be sent
 */
export async function requestPasswordReset(deps: AccountDeps, input: { email: string; ip: string }): Promise<void> {
  const emailNorm = normalizeEmail(input.email);
  await requireNotLimited(deps.limiter, [
    { key: rateKey('forgot-ip', input.ip), ...RATE_LIMITS.forgotPerIp },
    { key: rateKey('forgot', emailNorm), ...RATE_LIMITS.forgotPerAccount },
  ]);
  const row = await accountsRepository.findByEmail(deps.database, emailNorm);
  if (!row || row.is_anonymous || !row.email) return;
  const token = randomBytes(32).toString('base64url');
  await accountsRepository.insertResetToken(deps.database, hashSessionToken(token), row.cuid, new Date(Date.now() + RESET_TOKEN_TTL_MS));
  const url = `${deps.publicUrl}${RESET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`;
  const t = ACCOUNT_EMAILS.resetPassword;
  const body = renderEmail({ title: t.title, paragraphs: t.paragraphs(row.nickname ?? ''), button: { label: t.button, url }, footer: t.footer });
  await sendEmail(deps.messaging, { to: row.email, subject: t.subject, ...body, links: [url], codes: [] });
}

/**
 * Sets a new password from a forgot-password link (spec 02 §7 POST /v1/auth/update-password). The link works once;
 * every other live link of the account is invalidated and every session of the account ends (sign in again).
 *
 * @param password already validated (length) by the contract
 * @returns the account's cuid (the route marks the browser as a trusted device of it)
 * @throws AppError BAD_REQUEST 'El enlace para cambiar tu contraseña no es válido o ya expiró…' for an unknown,
 *   used or expired token; BAD_REQUEST 'Esta contraseña es muy común…' for a guessable one (the link stays valid)
 */
export async function resetPassword(deps: AccountDeps, input: { token: string; password: string }): Promise<{ cuid: string }> {
  // Checked before the link is used up, so a refused password costs the person nothing.
  assertStrongPassword(input.password, []);
  const cuid = await accountsRepository.consumeResetToken(deps.database, hashSessionToken(input.token));
  if (!cuid) throw new AppError('BAD_REQUEST', M.resetLinkInvalid);
  const passwordHash = await hashPassword(input.password);
  await accountsRepository.update(deps.database, cuid, { password_hash: passwordHash });
  await accountsRepository.expireResetTokens(deps.database, cuid);
  await accountsRepository.deleteSessionsOf(deps.database, cuid);
  // The person proved they own the address: an attack's slow-down of the account ends (issue 7 finding 5).
  const row = await accountsRepository.findByCuid(deps.database, cuid);
  if (row?.email) await clearLoginSlowdown(deps, row.email);
  return { cuid };
}
