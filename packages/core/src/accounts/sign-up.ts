import type { Database } from '@nj/db';
import { ACCOUNT_EMAILS, ACCOUNT_MESSAGES as M, SIGNUP_PIN_LENGTH } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import { renderEmail } from '../messaging/render-email.ts';
import { sendEmail } from '../messaging/send-email.ts';
import { accountsRepository, isUniqueViolation, normalizeEmail } from './accounts-repository.ts';
import { PIN_MAX_ATTEMPTS, PIN_RESEND_MS, PIN_TTL_MS, type AccountDeps } from './account-deps.ts';
import { hashSecret, randomCode } from './codes.ts';
import { newUcode } from './find-or-create-client-by-email.ts';
import { hashPassword } from './passwords.ts';
import { assertStrongPassword } from './check-password-strength.ts';
import { RATE_LIMITS, rateKey, requireNotLimited } from './rate-limiter.ts';

export type SignUpInput = {
  /** The anonymous client of the request's session (it becomes the account, same cuid). */
  sessionCuid: string;
  email: string;
  nickname: string;
  password: string;
  /** The e-mailed PIN, uppercased; absent on the first call. */
  pin?: string | undefined;
  /** Caller IP for the per-IP limit. */
  ip: string;
};

/**
 * Creating an account (spec 02 §2 modal 2, §5): the first call (no PIN) e-mails a 6-character PIN to the address;
 * the second call with the PIN turns the session's anonymous client into the registered account in place (same
 * cuid, so its likes stay), with the password hashed by Argon2id. The e-mail is marked verified (issue 9 §6): the
 * PIN arrived at that address, which is what the profile's e-mail step would prove (its step is then skipped).
 *
 * @returns { kind: 'pin_sent', email } or { kind: 'created', cuid }
 * @throws AppError CONFLICT when the address has an account; BAD_REQUEST 'Esta contraseña es muy común…' for a
 *   guessable password (checked before the PIN is sent); RATE_LIMITED for the 30 s rule or too many tries;
 *   BAD_REQUEST for a wrong, used or expired PIN; UNAVAILABLE when the e-mail cannot be sent
 */
export async function signUp(
  deps: AccountDeps,
  input: SignUpInput,
): Promise<{ kind: 'pin_sent'; email: string } | { kind: 'created'; cuid: string }> {
  const { database, limiter } = deps;
  const emailNorm = normalizeEmail(input.email);
  // Every attempt counts per IP before any lookup or hashing: 'this address has an account' is an answer a probe
  // wants, and the password check costs CPU (issue 7 finding 8, decision 004).
  await requireNotLimited(limiter, [{ key: rateKey('signup-ip', input.ip), ...RATE_LIMITS.signupPerIp }]);
  if (await accountsRepository.findByEmail(database, emailNorm)) {
    await requireNotLimited(limiter, [{ key: rateKey('login-probe-ip', input.ip), ...RATE_LIMITS.loginProbePerIp }]);
    throw new AppError('CONFLICT', M.emailTaken);
  }
  assertStrongPassword(input.password, [input.email, input.nickname]);

  if (!input.pin) {
    await requireNotLimited(limiter, [{ key: rateKey('pin-send', emailNorm), ...RATE_LIMITS.pinSendPerAccount }]);
    await sendSignupPin(deps, { cuid: input.sessionCuid, email: input.email.trim(), nickname: input.nickname.trim() });
    return { kind: 'pin_sent', email: input.email.trim() };
  }

  await requireNotLimited(limiter, [{ key: rateKey('pin-check', emailNorm), ...RATE_LIMITS.pinCheckPerAccount }]);
  const row = await accountsRepository.latestPin(database, input.sessionCuid, emailNorm);
  if (!row || row.used_at || new Date(row.expires_at).getTime() <= Date.now()) throw new AppError('BAD_REQUEST', M.pinExpired);
  if (row.attempts >= PIN_MAX_ATTEMPTS) throw new AppError('BAD_REQUEST', M.pinTooManyAttempts);
  const pinHash = hashSecret(`${input.sessionCuid}|${emailNorm}`, input.pin.trim().toUpperCase());
  if (pinHash !== row.pin_hash) {
    const attempts = await accountsRepository.countWrongPin(database, input.sessionCuid, emailNorm);
    throw new AppError('BAD_REQUEST', attempts >= PIN_MAX_ATTEMPTS ? M.pinTooManyAttempts : M.pinWrong);
  }
  const passwordHash = await hashPassword(input.password);
  try {
    await database.db.transaction().execute(async (trx) => {
      const scoped: Database = { ...database, db: trx };
      if (!(await accountsRepository.consumePin(scoped, input.sessionCuid, emailNorm, pinHash, PIN_MAX_ATTEMPTS))) {
        throw new AppError('BAD_REQUEST', M.pinExpired);
      }
      const ok = await accountsRepository.registerAnonymous(scoped, input.sessionCuid, {
        email: input.email.trim(), nickname: input.nickname.trim(), password_hash: passwordHash,
        ucode: await newUcode(scoped), is_email_verified: true,
      });
      if (!ok) throw new AppError('CONFLICT', M.alreadyRegistered);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', M.emailTaken);
    throw error;
  }
  return { kind: 'created', cuid: input.sessionCuid };
}

/**
 * Sends a new sign-up PIN to the address for this anonymous client ('Se ha enviado un nuevo PIN a tu correo').
 * Refused within 30 s of the previous PIN (spec 02 §9), also server-side.
 *
 * @throws AppError RATE_LIMITED 'Espera N segundos antes de pedir un nuevo PIN' (the seconds left) or the limiter's message;
 *   CONFLICT when the address already has an account
 */
export async function resendSignupPin(
  deps: AccountDeps,
  input: { sessionCuid: string; email: string; ip: string },
): Promise<void> {
  const emailNorm = normalizeEmail(input.email);
  if (await accountsRepository.findByEmail(deps.database, emailNorm)) throw new AppError('CONFLICT', M.emailTaken);
  await requireNotLimited(deps.limiter, [
    { key: rateKey('signup-ip', input.ip), ...RATE_LIMITS.signupPerIp },
    { key: rateKey('pin-send', emailNorm), ...RATE_LIMITS.pinSendPerAccount },
  ]);
  await sendSignupPin(deps, { cuid: input.sessionCuid, email: input.email.trim(), nickname: '' });
}

async function sendSignupPin(deps: AccountDeps, input: { cuid: string; email: string; nickname: string }): Promise<void> {
  const { database } = deps;
  const emailNorm = normalizeEmail(input.email);
  const previous = await accountsRepository.latestPin(database, input.cuid, emailNorm);
  const sinceMs = previous ? Date.now() - new Date(previous.sent_at).getTime() : Infinity;
  if (sinceMs < PIN_RESEND_MS) throw new AppError('RATE_LIMITED', M.pinWait(Math.max(1, Math.ceil((PIN_RESEND_MS - sinceMs) / 1000))));
  const pin = randomCode(SIGNUP_PIN_LENGTH);
  await accountsRepository.upsertPin(database, input.cuid, emailNorm, hashSecret(`${input.cuid}|${emailNorm}`, pin), new Date(Date.now() + PIN_TTL_MS));
  const t = ACCOUNT_EMAILS.signupPin;
  const body = renderEmail({ title: t.title, paragraphs: t.paragraphs(input.nickname), code: pin, footer: t.footer });
  await sendEmail(deps.messaging, { to: input.email, subject: t.subject(pin), ...body, codes: [pin], links: [] });
}
