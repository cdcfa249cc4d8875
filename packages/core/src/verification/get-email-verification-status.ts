import type { Database } from '@nj/db';
import { VERIFICATION_LIMITS, type TEmailVerificationData } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import { verificationRepository } from './verification-repository.ts';
import { secondsLeft } from './verification-deps.ts';

/**
 * Whether the client's e-mail is verified, polled by the browser every 5 s (spec 02 §4 "E-mail step", §7
 * `GET /v1/client/is_email_verified`), and the seconds until a resend is allowed (0–30).
 * Throws AppError UNAUTHORIZED for an unknown client.
 */
export async function getEmailVerificationStatus(options: { database: Database; cuid: string }): Promise<TEmailVerificationData> {
  const { db } = options.database;
  const client = await verificationRepository.client(db, options.cuid);
  if (!client) throw new AppError('UNAUTHORIZED');
  const last = client.is_email_verified ? null : await verificationRepository.latestEmailTokenAt(db, options.cuid);
  return { is_email_verified: client.is_email_verified, resend_in_s: secondsLeft(last, VERIFICATION_LIMITS.resendAfterMs) };
}
