import { timingSafeEqual } from 'node:crypto';
import { VERIFICATION_LIMITS as L, type TPhoneVerificationData } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { hashSecret } from '../accounts/codes.ts';
import { verificationRepository } from './verification-repository.ts';
import { secondsLeft } from './verification-deps.ts';
import { phoneCodeScope } from './send-phone-code.ts';
import type { Actor } from '../policies/actor.ts';
import { ownClient } from '../policies/client.ts';

/**
 * Checks the 6-digit code of the client's pending phone verification (spec 02 §7 `POST /v1/client/phone_auth`,
 * §4 "A status of contact-us blocks further attempts"). On success the pending number becomes the client's
 * phone_number / phone_country_code with is_phone_verified true.
 * Returned statuses: 'verified' (now, or already), 'invalid' (wrong code; attempts_left on this code),
 * 'expired' (no live code: never sent, expired, used or voided after 5 wrong tries — request a new one),
 * 'contact-us' (10 wrong codes in total; permanent until support resets it).
 * Throws AppError BAD_REQUEST when the code is not exactly 6 digits, UNAUTHORIZED for a visitor or anonymous client (clientPolicy 'verify_contact') or a client since deleted.
 */
export async function verifyPhoneCode(options: { database: Database; actor: Actor; code: string }): Promise<TPhoneVerificationData> {
  const cuid = ownClient(options.actor, 'verify_contact');
  const code = options.code.trim();
  if (!new RegExp(`^\\d{${L.phoneCodeLength}}$`).test(code)) throw new AppError('BAD_REQUEST');
  return options.database.db.transaction().execute(async (trx): Promise<TPhoneVerificationData> => {
    const client = await verificationRepository.clientForUpdate(trx, cuid);
    if (!client) throw new AppError('UNAUTHORIZED');
    const row = await verificationRepository.phoneForUpdate(trx, cuid);
    const answer = (status: TPhoneVerificationData['status'], attemptsLeft = 0): TPhoneVerificationData => ({
      status,
      phone_number: row?.phone_number ?? client.phone_number,
      phone_country_code: row?.phone_country_code ?? client.phone_country_code,
      channel: row?.channel ?? null,
      resend_in_s: secondsLeft(row?.last_sent_at ? new Date(row.last_sent_at) : null, L.resendAfterMs),
      attempts_left: attemptsLeft,
    });
    if (row?.status === 'contact-us') return answer('contact-us');
    if (!row || !row.code_hash || !row.code_expires_at || new Date(row.code_expires_at).getTime() <= Date.now()) {
      if (client.is_phone_verified && (!row || row.status === 'verified')) return answer('verified');
      if (row?.code_hash) await verificationRepository.updatePhone(trx, cuid, { code_hash: null, code_expires_at: null });
      return answer('expired');
    }
    const given = Buffer.from(hashSecret(phoneCodeScope(cuid), code));
    const expected = Buffer.from(row.code_hash);
    if (given.length === expected.length && timingSafeEqual(given, expected)) {
      await verificationRepository.updatePhone(trx, cuid, { status: 'verified', code_hash: null, code_expires_at: null, code_attempts: 0 });
      await verificationRepository.setClientPhoneVerified(trx, cuid, row.phone_number, row.phone_country_code);
      return answer('verified');
    }
    const failed = row.failed_attempts + 1;
    const onCode = row.code_attempts + 1;
    if (failed >= L.phoneMaxFailedAttempts) {
      await verificationRepository.updatePhone(trx, cuid, {
        status: 'contact-us', failed_attempts: failed, code_attempts: onCode, code_hash: null, code_expires_at: null,
      });
      return answer('contact-us');
    }
    const voided = onCode >= L.phoneAttemptsPerCode;
    await verificationRepository.updatePhone(trx, cuid, {
      failed_attempts: failed, code_attempts: onCode, ...(voided ? { code_hash: null, code_expires_at: null } : {}),
    });
    return answer(voided ? 'expired' : 'invalid', voided ? 0 : Math.min(L.phoneAttemptsPerCode - onCode, L.phoneMaxFailedAttempts - failed));
  });
}
