import { IDENTITY_CHECK_MESSAGES } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import { deriveIdentityStatus, type IdentityAttemptStatus } from './derive-identity-status.ts';

/**
 * Guards a new identity attempt (spec 03 §4 and §8): refused once the status is 'contact-us' (five or more failures
 * and no success or pending attempt). Takes the person's attempts' statuses; returns nothing.
 * @throws AppError RATE_LIMITED 'Ya has tenido muchos intentos de verificación de identidad. Contáctanos para darle
 *   seguimiento.' (spec 03 §8) when attempts are blocked.
 */
export function assertIdentityAttemptAllowed(attempts: readonly { status: IdentityAttemptStatus }[]): void {
  if (deriveIdentityStatus(attempts) === 'contact-us') throw new AppError('RATE_LIMITED', IDENTITY_CHECK_MESSAGES.tooManyAttempts);
}
