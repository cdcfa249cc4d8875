import { randomBytes } from 'node:crypto';
import { PRODUCT_NAME, VERIFICATION_LIMITS, VERIFICATION_MESSAGES as M, type TEmailVerificationData } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import { hashSecret } from '../accounts/codes.ts';
import { sendEmail } from '../messaging/send-email.ts';
import { renderEmail } from '../messaging/render-email.ts';
import type { AccountDeps } from '../accounts/account-deps.ts';
import { verificationRepository } from './verification-repository.ts';
import { secondsLeft, VERIFY_EMAIL_PATH } from './verification-deps.ts';
import type { Actor } from '../policies/actor.ts';
import { ownClient } from '../policies/client.ts';

/** Scope of the e-mail link hash (see hashSecret). */
export const EMAIL_TOKEN_SCOPE = 'email-verification';

/**
 * Sends the client's e-mail verification link (spec 02 §2 modal 6 step "email", §7
 * `GET /v1/client/{id}/send-contact-confirmation/email`). The link carries 32 random bytes; only their SHA-256 is
 * stored, valid 24 h and once; a new link voids the previous ones. Resend only 30 s after the last link (spec 02
 * §9), enforced here under a row lock so two processes cannot both send.
 * Returns `{ is_email_verified, resend_in_s }` (resend_in_s 30 after a send; already verified: no e-mail, 0).
 * Throws AppError UNAUTHORIZED for a visitor or anonymous client (clientPolicy 'verify_contact') or a client since deleted, BAD_REQUEST when the account has no e-mail,
 * RATE_LIMITED 'Espera N segundos para volver a enviar', UNAVAILABLE 'Error al mandar correo'.
 */
export async function sendEmailVerification(deps: AccountDeps, actor: Actor): Promise<TEmailVerificationData> {
  const cuid = ownClient(actor, 'verify_contact');
  const token = randomBytes(32).toString('base64url');
  const prepared = await deps.database.db.transaction().execute(async (trx) => {
    const client = await verificationRepository.clientForUpdate(trx, cuid);
    if (!client) throw new AppError('UNAUTHORIZED');
    if (client.is_email_verified) return null;
    if (!client.email) throw new AppError('BAD_REQUEST', M.noEmail);
    const wait = secondsLeft(await verificationRepository.latestEmailTokenAt(trx, cuid), VERIFICATION_LIMITS.resendAfterMs);
    if (wait > 0) throw new AppError('RATE_LIMITED', M.waitToResend(wait));
    await verificationRepository.replaceEmailToken(trx, {
      tokenHash: hashSecret(EMAIL_TOKEN_SCOPE, token), cuid, email: client.email,
      expiresAt: new Date(Date.now() + VERIFICATION_LIMITS.emailLinkTtlMs),
    });
    return { email: client.email, nickname: client.nickname ?? '' };
  });
  if (!prepared) return { is_email_verified: true, resend_in_s: 0 };
  const link = `${deps.publicUrl}${VERIFY_EMAIL_PATH}?token=${token}`;
  const hours = Math.round(VERIFICATION_LIMITS.emailLinkTtlMs / 3_600_000);
  const body = renderEmail({
    title: M.emailSubject,
    paragraphs: [M.emailIntro(prepared.nickname), M.emailExpiry(hours)],
    button: { label: M.emailButton, url: link },
    footer: M.emailIgnore,
  });
  await sendEmail(deps.messaging, {
    to: prepared.email, subject: `${M.emailSubject} en ${PRODUCT_NAME}`, text: body.text, html: body.html, links: [link],
  });
  return { is_email_verified: false, resend_in_s: Math.ceil(VERIFICATION_LIMITS.resendAfterMs / 1000) };
}
