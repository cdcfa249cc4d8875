import type { AccountDeps } from '../accounts/account-deps.ts';
import type { TextMessageProvider } from './text-provider/text-message-provider.ts';

/** What verification needs: the account deps (database, e-mail sending, rate limiter, public origin) and the
 * WhatsApp/SMS provider. */
export type VerificationDeps = AccountDeps & { textProvider: TextMessageProvider };

/** Path the e-mail link opens (GET); it redirects to /cuenta?correo_verificado=1|0. */
export const VERIFY_EMAIL_PATH = '/api/v1/client/verify-email';

/** Seconds (rounded up, ≥ 0) until `since + waitMs` is reached, from `now`. */
export function secondsLeft(since: Date | null, waitMs: number, now = Date.now()): number {
  if (!since) return 0;
  return Math.max(0, Math.ceil((since.getTime() + waitMs - now) / 1000));
}
