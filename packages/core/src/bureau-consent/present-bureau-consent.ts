import { BUREAU_CONSENT, type TBureauConsent } from '@nj/contracts';
import type { BureauConsentRow } from './bureau-consent-repository.ts';

const DAY_MS = 86_400_000;

/** The moment `row`'s authorization stops covering new investigations, or null when there is none. */
export function consentValidUntil(row: BureauConsentRow | undefined): Date | null {
  return row?.authorized_at ? new Date(row.authorized_at.getTime() + BUREAU_CONSENT.validDays * DAY_MS) : null;
}

/** A consent row as the client reads it (ZBureauConsent) at `now`: a lapsed authorization reads as none. */
export function presentBureauConsent(row: BureauConsentRow | undefined, now = Date.now()): TBureauConsent {
  const until = consentValidUntil(row);
  const valid = until !== null && until.getTime() > now;
  const pinWaiting = Boolean(row?.pin_hash && row.pin_expires_at && row.pin_expires_at.getTime() > now);
  const resend = row?.pin_sent_at ? Math.max(0, Math.ceil((row.pin_sent_at.getTime() + BUREAU_CONSENT.resendAfterMs - now) / 1000)) : 0;
  return {
    authorized_at: valid ? row!.authorized_at!.toISOString() : null,
    valid_until: valid ? until!.toISOString() : null,
    pin_sent_to: pinWaiting ? row!.pin_sent_to : null,
    resend_in_s: resend,
  };
}
