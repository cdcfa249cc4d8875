import { describe, expect, it } from 'vitest';
import { IDENTITY_CHECK_MESSAGES } from '@nj/contracts';
import { assertIdentityAttemptAllowed } from './assert-identity-attempt-allowed.ts';
import { deriveIdentityStatus, IDENTITY_FAILURE_LIMIT, type IdentityProcessStatus } from './derive-identity-status.ts';

const of = (...statuses: string[]) => statuses.map((status) => ({ status }));

/** The spec 03 §4 rule written independently, as a table over counts, to check every small combination against. */
function expected(successes: number, pending: number, failures: number): IdentityProcessStatus {
  if (successes > 0) return 'success';
  if (pending > 0) return 'in-process';
  if (failures >= 5) return 'contact-us';
  if (failures >= 1) return 'try-again';
  return 'none';
}

describe('deriveIdentityStatus (spec 03 §4 identity process status)', () => {
  it('gives each status of the rule', () => {
    expect(deriveIdentityStatus([])).toBe('none');
    expect(deriveIdentityStatus(of('failure'))).toBe('try-again');
    expect(deriveIdentityStatus(of('failure', 'failure', 'failure', 'failure'))).toBe('try-again');
    expect(deriveIdentityStatus(of('failure', 'failure', 'failure', 'failure', 'failure'))).toBe('contact-us');
    expect(deriveIdentityStatus(of('pending'))).toBe('in-process');
    expect(deriveIdentityStatus(of('success'))).toBe('success');
  });
  it('lets a success win over pending attempts and any number of failures, and a pending attempt win over failures', () => {
    expect(deriveIdentityStatus(of('failure', 'failure', 'failure', 'failure', 'failure', 'failure', 'success'))).toBe('success');
    expect(deriveIdentityStatus(of('pending', 'success'))).toBe('success');
    expect(deriveIdentityStatus(of('failure', 'failure', 'failure', 'failure', 'failure', 'in_process'))).toBe('in-process');
  });
  it('counts any status that is neither success nor failure as in process', () => {
    for (const status of ['pending', 'in_process', 'In Review', '', 'unknown']) expect(deriveIdentityStatus(of(status))).toBe('in-process');
  });
  it('agrees with the rule for every mix of up to 7 attempts, in any order', () => {
    for (let s = 0; s <= 2; s++) {
      for (let p = 0; p <= 2; p++) {
        for (let f = 0; f <= 7; f++) {
          const attempts = [...of(...Array(f).fill('failure')), ...of(...Array(p).fill('pending')), ...of(...Array(s).fill('success'))];
          expect(deriveIdentityStatus(attempts), `${s} success, ${p} pending, ${f} failures`).toBe(expected(s, p, f));
          expect(deriveIdentityStatus([...attempts].reverse())).toBe(expected(s, p, f));
        }
      }
    }
    expect(IDENTITY_FAILURE_LIMIT).toBe(5);
  });
});

describe('assertIdentityAttemptAllowed', () => {
  it('blocks the sixth attempt after five failures with the spec text, and nothing else', () => {
    const five = of('failure', 'failure', 'failure', 'failure', 'failure');
    expect(() => assertIdentityAttemptAllowed(five)).toThrow(expect.objectContaining({ code: 'RATE_LIMITED', msg: IDENTITY_CHECK_MESSAGES.tooManyAttempts }));
    expect(IDENTITY_CHECK_MESSAGES.tooManyAttempts).toBe('Ya has tenido muchos intentos de verificación de identidad. Contáctanos para darle seguimiento.');
    expect(() => assertIdentityAttemptAllowed(five.slice(1))).not.toThrow();
    expect(() => assertIdentityAttemptAllowed([...five, ...of('pending')])).not.toThrow();
    expect(() => assertIdentityAttemptAllowed([])).not.toThrow();
  });
});
