import { ACCOUNT_EMAILS, ACCOUNT_MESSAGES as M } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import { renderEmail } from '../messaging/render-email.ts';
import { sendEmail } from '../messaging/send-email.ts';
import { accountsRepository, normalizeEmail, type TClientRow } from './accounts-repository.ts';
import type { AccountDeps } from './account-deps.ts';
import { verifyAgainstDummy, verifyPassword } from './passwords.ts';
import { RATE_LIMITS, rateKey, requireNotLimited } from './rate-limiter.ts';

/**
 * How failed logins slow an account down (issue 7 finding 5) instead of locking it: the first `freeFailures`
 * failures in `windowMs` cost nothing; each later one closes the account to untrusted devices for
 * `firstDelayMs` × 2^(n−1), at most `maxDelayMs`. A browser that signed in to the account before (trusted device)
 * is never slowed. At `alertAt` failures the owner gets an e-mail (once per window).
 */
export const LOGIN_SLOWDOWN = {
  freeFailures: 5,
  windowMs: 60 * 60_000,
  firstDelayMs: 1_000,
  maxDelayMs: 5 * 60_000,
  alertAt: 20,
} as const;

/** Delay after the `failures`-th failure of the window, ms (0 while under `freeFailures`). */
export function loginDelayMs(failures: number): number {
  const over = failures - LOGIN_SLOWDOWN.freeFailures;
  if (over <= 0) return 0;
  return Math.min(LOGIN_SLOWDOWN.maxDelayMs, LOGIN_SLOWDOWN.firstDelayMs * 2 ** Math.min(over - 1, 20));
}

/** Limiter keys of one address's login protection; `clearLoginSlowdown` forgets the account-wide ones. */
const keys = (emailNorm: string, ip: string) => ({
  accountIp: rateKey('login-account-ip', `${emailNorm}|${ip}`),
  failures: rateKey('login-failures', emailNorm),
  gate: rateKey('login-gate', emailNorm),
});

/**
 * Checks e-mail and password (spec 02 §7 POST /v1/login). An address without an account answers `{ isNew: true }`
 * so the page opens create-account prefilled (spec 02 §2 modal 1); that answer costs the same password hash as a
 * real check, so its timing does not tell whether an account exists, and each IP may get only
 * RATE_LIMITS.loginProbePerIp of them an hour (docs/decisions/004-login-account-probing.md).
 *
 * Limits (issue 7 findings 4–5): per IP, and per (account, IP) — never per account alone, so nobody can lock the
 * owner out. Failures from everywhere slow the account down progressively (LOGIN_SLOWDOWN) for devices that never
 * signed in to it; `isTrustedDevice` tells whether this browser's device cookie was issued to the account under its
 * current password (it skips the slow-down). Many failures e-mail the owner; a password reset ends the slow-down.
 *
 * @param input.ip the client address as the server sees it (the socket, or a configured trusted proxy's header)
 * @returns { isNew: true } or { isNew: false, cuid } of the account
 * @throws AppError UNAUTHORIZED 'El correo o la contraseña no son correctos' (or the social-only text);
 *   RATE_LIMITED 'Hiciste demasiados intentos; espera N minutos…' over a limit or while the account is slowed down
 */
export async function logIn(
  deps: AccountDeps,
  input: {
    email: string; password: string; ip: string;
    isTrustedDevice?: (row: { cuid: string; password_hash: string | null }) => boolean;
  },
): Promise<{ isNew: true } | { isNew: false; cuid: string }> {
  const emailNorm = normalizeEmail(input.email);
  const k = keys(emailNorm, input.ip);
  await requireNotLimited(deps.limiter, [
    { key: rateKey('login-ip', input.ip), ...RATE_LIMITS.loginPerIp },
    { key: k.accountIp, ...RATE_LIMITS.loginPerAccountIp },
  ]);
  const row = await accountsRepository.findByEmail(deps.database, emailNorm);
  const trusted = row !== undefined && !row.is_anonymous && (input.isTrustedDevice?.(row) ?? false);
  if (!trusted) {
    const gate = await deps.limiter.peek(k.gate);
    if (gate.count > 0) throw new AppError('RATE_LIMITED', M.rateLimited(gate.retryAfterMs));
  }
  if (!row || row.is_anonymous) {
    await verifyAgainstDummy(input.password);
    await requireNotLimited(deps.limiter, [{ key: rateKey('login-probe-ip', input.ip), ...RATE_LIMITS.loginProbePerIp }]);
    return { isNew: true };
  }
  if (!row.password_hash) {
    await verifyAgainstDummy(input.password);
    throw new AppError('UNAUTHORIZED', M.socialOnlyAccount);
  }
  if (!(await verifyPassword(row.password_hash, input.password))) {
    await recordFailure(deps, row, k);
    throw new AppError('UNAUTHORIZED', M.wrongCredentials);
  }
  await Promise.all([deps.limiter.reset(k.accountIp), deps.limiter.reset(k.failures), deps.limiter.reset(k.gate)]);
  return { isNew: false, cuid: row.cuid };
}

/** Counts a wrong password on the account, closes it to untrusted devices for loginDelayMs, alerts the owner. */
async function recordFailure(deps: AccountDeps, row: TClientRow, k: ReturnType<typeof keys>): Promise<void> {
  const { count } = await deps.limiter.hit({ key: k.failures, limit: Number.MAX_SAFE_INTEGER, windowMs: LOGIN_SLOWDOWN.windowMs });
  const delay = loginDelayMs(count);
  if (delay > 0) await deps.limiter.hit({ key: k.gate, limit: 1, windowMs: delay });
  if (count === LOGIN_SLOWDOWN.alertAt && row.email) {
    const t = ACCOUNT_EMAILS.loginFailures;
    const url = `${deps.publicUrl}/cuenta`;
    const body = renderEmail({ title: t.title, paragraphs: t.paragraphs(row.nickname ?? '', count), button: { label: t.button, url }, footer: t.footer });
    try {
      await sendEmail(deps.messaging, { to: row.email, subject: t.subject, ...body, links: [url], codes: [] });
    } catch {
      // The alert is a courtesy: a mail failure must not change the login's answer.
    }
  }
}

/**
 * Ends the slow-down of an account (its failure count and closed gate), e.g. after the owner reset the password from
 * the e-mailed link. `email` in any case.
 */
export async function clearLoginSlowdown(deps: Pick<AccountDeps, 'limiter'>, email: string): Promise<void> {
  const k = keys(normalizeEmail(email), '');
  await Promise.all([deps.limiter.reset(k.failures), deps.limiter.reset(k.gate)]);
}
