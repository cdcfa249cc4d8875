/** The status of one identity attempt (spec 03 §3 "Identity validation"): anything else counts as in process. */
export type IdentityAttemptStatus = 'success' | 'failure' | string;

/** The identity process status shown to the person (spec 03 §4 "Identity process status"). */
export type IdentityProcessStatus = 'success' | 'in-process' | 'contact-us' | 'try-again' | 'none';

/** Failures after which further attempts are blocked (spec 03 §9 "Identity check failure limit: 5 attempts"). */
export const IDENTITY_FAILURE_LIMIT = 5;

/**
 * The spec's identity process status rule (spec 03 §4), derived from the person's newest attempts: any success →
 * 'success'; otherwise any attempt that is neither success nor failure → 'in-process'; otherwise
 * IDENTITY_FAILURE_LIMIT (5) or more failures → 'contact-us' (further attempts blocked); otherwise at least one
 * failure → 'try-again'; no attempts → 'none'. Takes the attempts' statuses (any order); pure, never throws.
 */
export function deriveIdentityStatus(attempts: readonly { status: IdentityAttemptStatus }[]): IdentityProcessStatus {
  if (attempts.some((attempt) => attempt.status === 'success')) return 'success';
  if (attempts.some((attempt) => attempt.status !== 'failure')) return 'in-process';
  if (attempts.length >= IDENTITY_FAILURE_LIMIT) return 'contact-us';
  if (attempts.length >= 1) return 'try-again';
  return 'none';
}
