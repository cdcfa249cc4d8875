import { randomInt } from 'node:crypto';
import { BUREAU_CONSENT, BUREAU_CONSENT_MESSAGES as M, type TBureauConsent } from '@nj/contracts';
import { hashSecret } from '../accounts/codes.ts';
import type { AccountDeps } from '../accounts/account-deps.ts';
import { RATE_LIMITS, rateKey, requireNotLimited } from '../accounts/rate-limiter.ts';
import { AppError } from '../errors/app-error.ts';
import { renderEmail } from '../messaging/render-email.ts';
import { sendEmail } from '../messaging/send-email.ts';
import type { Actor } from '../policies/actor.ts';
import { authorize } from '../policies/policy.ts';
import { bureauConsentPolicy } from '../policies/bureau-consent.ts';
import type { TextMessageProvider } from '../verification/text-provider/text-message-provider.ts';
import { bureauConsentRepository } from './bureau-consent-repository.ts';
import { presentBureauConsent } from './present-bureau-consent.ts';

/** Scope of a bureau NIP's hash: bound to the client (hashSecret). */
export const bureauPinScope = (cuid: string) => `bureau-pin:${cuid}`;
/** A phone shown with its last 4 digits; an e-mail with its first letter and domain. */
const hintOf = (to: string) => (to.startsWith('+') ? `•••• ${to.slice(-4)}` : `${to.slice(0, 1)}•••@${to.split('@')[1] ?? ''}`);

/**
 * Sends the signed-in client a new 6-digit NIP to authorize the credit bureau query (spec 03 §7 POST
 * /v1/client/multiburopinresend; decision 020): by WhatsApp to their verified phone, otherwise by e-mail to their
 * account's address (the sandbox and the dev outbox keep it). Stored hashed, valid 10 minutes; a new NIP voids the
 * last. Another only 30 s after the last, and at most RATE_LIMITS.phoneCodePerAccount an hour.
 * @returns ZBureauConsent with `pin_sent_to` (masked)
 * @throws AppError UNAUTHORIZED for visitors and anonymous clients; CONFLICT with neither an e-mail nor a verified
 *   phone ('Agrega tu correo…'); RATE_LIMITED ('Espera N segundos…' or the
 *   limiter's text); UNAVAILABLE when the message cannot be sent
 */
export async function sendBureauPin(
  deps: AccountDeps & { textProvider: TextMessageProvider }, input: { actor: Actor },
): Promise<TBureauConsent> {
  authorize(input.actor, bureauConsentPolicy, 'manage_own');
  const cuid = input.actor.cuid!;
  await requireNotLimited(deps.limiter, [{ key: rateKey('bureau-pin', cuid), ...RATE_LIMITS.phoneCodePerAccount }]);
  const pin = String(randomInt(0, 10 ** BUREAU_CONSENT.pinLength)).padStart(BUREAU_CONSENT.pinLength, '0');
  const contact = await deps.database.db.transaction().execute(async (trx) => {
    const who = await bureauConsentRepository.contact(trx, cuid);
    if (!who) throw new AppError('UNAUTHORIZED');
    if (!who.phone && !who.email) throw new AppError('CONFLICT', M.noContact);
    const row = await bureauConsentRepository.forUpdate(trx, cuid);
    const wait = presentBureauConsent(row).resend_in_s;
    if (wait > 0) throw new AppError('RATE_LIMITED', M.waitToResend(wait));
    const to = (who.phone ?? who.email)!;
    await bureauConsentRepository.storePin(trx, cuid, { hash: hashSecret(bureauPinScope(cuid), pin), expiresAt: new Date(Date.now() + BUREAU_CONSENT.pinTtlMs), sentTo: hintOf(to) });
    return { ...who, to };
  });
  if (contact.phone) {
    await deps.textProvider.send({ channel: 'whatsapp', to: contact.phone, text: M.textPin(pin), codes: [pin] });
  } else {
    const body = renderEmail({ title: M.emailSubject, paragraphs: [M.emailIntro(contact.nickname ?? ''), M.emailPin(pin), M.consentText], footer: M.emailIgnore });
    await sendEmail(deps.messaging, { to: contact.to, subject: M.emailSubject, text: body.text, html: body.html, codes: [pin] });
  }
  return presentBureauConsent(await bureauConsentRepository.find(deps.database, cuid));
}
