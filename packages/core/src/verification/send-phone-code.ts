import { randomInt } from 'node:crypto';
import {
  PRODUCT_NAME, VERIFICATION_LIMITS as L, VERIFICATION_MESSAGES as M, type TPhoneChannel, type TPhoneVerificationData,
} from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import { hashSecret } from '../accounts/codes.ts';
import { RATE_LIMITS, rateKey, requireNotLimited } from '../accounts/rate-limiter.ts';
import { normalizePhone } from './normalize-phone.ts';
import { verificationRepository } from './verification-repository.ts';
import { secondsLeft, type VerificationDeps } from './verification-deps.ts';
import type { Actor } from '../policies/actor.ts';
import { ownClient } from '../policies/client.ts';

/** Scope of the phone code hash: bound to the client (see hashSecret). */
export function phoneCodeScope(cuid: string): string {
  return `phone-code:${cuid}`;
}

/**
 * Sends a 6-digit code to the client's phone by WhatsApp (default) or SMS (spec 02 §2 modal 5, §7
 * `GET /v1/client/{id}/send-contact-confirmation/phone?phone_number&phone_country_code`). The number is normalised
 * (normalizePhone: Mexico by default, legacy +521 accepted); the code is random, stored hashed, valid 10 minutes;
 * a new code voids the previous one. Resend only 30 s after the last (spec 02 §9), enforced under a row lock;
 * per-IP and per-account limits through the shared rate limiter; after 10 codes status becomes 'contact-us'.
 * Returns the status: 'sent', 'verified' (this number is already verified; nothing sent) or 'contact-us'.
 * Throws AppError BAD_REQUEST (empty/invalid number, spec texts), UNAUTHORIZED (a visitor or anonymous client: clientPolicy 'verify_contact'; or a client since deleted),
 * RATE_LIMITED ('Espera N segundos…' or the limiter's text), UNAVAILABLE when the provider fails (the resend wait is
 * then lifted so the person can retry at once).
 */
export async function sendPhoneCode(
  deps: VerificationDeps,
  input: { actor: Actor; phoneNumber: string; phoneCountryCode?: string | null; channel?: TPhoneChannel; ip?: string },
): Promise<TPhoneVerificationData> {
  const cuid = ownClient(input.actor, 'verify_contact');
  const phone = normalizePhone(input.phoneNumber, input.phoneCountryCode);
  const channel: TPhoneChannel = input.channel ?? 'whatsapp';
  await requireNotLimited(deps.limiter, [
    { key: rateKey('phone-code', cuid), ...RATE_LIMITS.phoneCodePerAccount },
    ...(input.ip ? [{ key: rateKey('phone-code-ip', input.ip), ...RATE_LIMITS.phoneCodePerIp }] : []),
  ]);
  const code = String(randomInt(0, 10 ** L.phoneCodeLength)).padStart(L.phoneCodeLength, '0');
  const base = { phone_number: phone.phoneNumber, phone_country_code: phone.phoneCountryCode, channel };
  const outcome = await deps.database.db.transaction().execute(async (trx) => {
    const client = await verificationRepository.clientForUpdate(trx, cuid);
    if (!client) throw new AppError('UNAUTHORIZED');
    if (client.is_phone_verified && client.phone_number === phone.phoneNumber && client.phone_country_code === phone.phoneCountryCode) {
      return { status: 'verified' as const, attemptsLeft: 0 };
    }
    const row = await verificationRepository.phoneForUpdate(trx, cuid);
    if (row?.status === 'contact-us') return { status: 'contact-us' as const, attemptsLeft: 0 };
    const wait = secondsLeft(row?.last_sent_at ? new Date(row.last_sent_at) : null, L.resendAfterMs);
    if (wait > 0) throw new AppError('RATE_LIMITED', M.waitToResend(wait));
    if (row && row.sends >= L.phoneMaxSends) {
      await verificationRepository.updatePhone(trx, cuid, { status: 'contact-us', code_hash: null, code_expires_at: null });
      return { status: 'contact-us' as const, attemptsLeft: 0 };
    }
    await verificationRepository.upsertPhoneCode(trx, {
      cuid: cuid, phoneNumber: phone.phoneNumber, phoneCountryCode: phone.phoneCountryCode, channel,
      codeHash: hashSecret(phoneCodeScope(cuid), code), codeExpiresAt: new Date(Date.now() + L.phoneCodeTtlMs),
    });
    return { status: 'sent' as const, attemptsLeft: Math.min(L.phoneAttemptsPerCode, L.phoneMaxFailedAttempts - (row?.failed_attempts ?? 0)) };
  });
  if (outcome.status !== 'sent') {
    return { ...base, status: outcome.status, resend_in_s: 0, attempts_left: 0 };
  }
  try {
    await deps.textProvider.send({
      channel, to: phone.e164, text: M.phoneCodeText(PRODUCT_NAME, code, Math.round(L.phoneCodeTtlMs / 60_000)), codes: [code],
    });
  } catch (error) {
    await verificationRepository.updatePhone(deps.database.db, cuid, { code_hash: null, code_expires_at: null, last_sent_at: null });
    if (error instanceof AppError) throw error;
    throw new AppError('UNAVAILABLE', M.sendTextFailed);
  }
  return { ...base, status: 'sent', resend_in_s: Math.ceil(L.resendAfterMs / 1000), attempts_left: outcome.attemptsLeft };
}
