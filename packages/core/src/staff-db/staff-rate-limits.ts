import { rateKey, requireNotLimited, type RateLimiter } from '../accounts/rate-limiter.ts';

/**
 * Limits of the staff's tools, per staff member (their cuid, never a client header; issue 14 'staff actions are
 * rate-limited'): reads of the database view, hover info and the audit log; edits of the database view.
 */
export const STAFF_RATE_LIMITS = {
  read: { limit: 600, windowMs: 10 * 60_000 },
  edit: { limit: 60, windowMs: 10 * 60_000 },
} as const;

/**
 * Counts one staff `kind` action of `cuid`.
 * @throws AppError RATE_LIMITED (429, 'Hiciste demasiados intentos; espera …') once over the limit
 */
export async function requireStaffNotLimited(limiter: RateLimiter, kind: keyof typeof STAFF_RATE_LIMITS, cuid: string): Promise<void> {
  await requireNotLimited(limiter, [{ key: rateKey(`staff-${kind}`, cuid), ...STAFF_RATE_LIMITS[kind] }]);
}
