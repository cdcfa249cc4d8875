import type { Database } from '@nj/db';
import { VERIFICATION_LIMITS, type TEmailVerificationData } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import { verificationRepository } from './verification-repository.ts';
import { secondsLeft } from './verification-deps.ts';
import type { Actor } from '../policies/actor.ts';
import { ownClient } from '../policies/client.ts';

/**
 * Whether the client's e-mail is verified, polled by the browser every 5 s (spec 02 §4 "E-mail step", §7
 * `GET /v1/client/is_email_verified`), and the seconds until a resend is allowed (0–30).
 * Throws AppError UNAUTHORIZED for an unknown client.
 */
export async function getEmailVerificationStatus(options: { database: Database; actor: Actor }): Promise<TEmailVerificationData> {
  const cuid = ownClient(options.actor, 'verify_contact');
  const { db } = options.database;
  const client = await verificationRepository.client(db, cuid);
  if (!client) throw new AppError('UNAUTHORIZED');
  const last = client.is_email_verified ? null : await verificationRepository.latestEmailTokenAt(db, cuid);
  return { is_email_verified: client.is_email_verified, resend_in_s: secondsLeft(last, VERIFICATION_LIMITS.resendAfterMs) };
}
