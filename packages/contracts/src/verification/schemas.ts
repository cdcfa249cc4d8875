import { z } from '../common/zod-locale.ts';
import { VERIFICATION_MESSAGES } from './messages.ts';

/** Business constants of verification (spec 02 §9). Times in ms. */
export const VERIFICATION_LIMITS = {
  /** Resend e-mail or SMS after 30 s (countdown from 30). */
  resendAfterMs: 30_000,
  /** The browser polls the e-mail status every 5 s. */
  emailPollMs: 5_000,
  /** An e-mail link is valid 24 h and once. */
  emailLinkTtlMs: 24 * 60 * 60_000,
  /** Phone code length. */
  phoneCodeLength: 6,
  /** A phone code is valid 10 minutes. */
  phoneCodeTtlMs: 10 * 60_000,
  /** Wrong codes against one code before it is voided (a new one must be requested). */
  phoneAttemptsPerCode: 5,
  /** Wrong codes in total before the status becomes 'contact-us'. */
  phoneMaxFailedAttempts: 10,
  /** Codes sent in total before the status becomes 'contact-us'. */
  phoneMaxSends: 10,
} as const;

/** Status of the phone verification answered to the browser; 'contact-us' blocks further attempts (spec 02 §4). */
export const ZPhoneVerificationStatus = z.enum(['sent', 'verified', 'invalid', 'expired', 'contact-us']);
export type TPhoneVerificationStatus = z.infer<typeof ZPhoneVerificationStatus>;
export const ZPhoneChannel = z.enum(['whatsapp', 'sms']);
export type TPhoneChannel = z.infer<typeof ZPhoneChannel>;

/** GET /v1/client/{id}/send-contact-confirmation/phone query (spec 02 §7). channel 'sms' for the SMS resend. */
export const ZSendPhoneCodeQuery = z.object({
  phone_number: z.string({ error: VERIFICATION_MESSAGES.phoneRequired }).trim().min(1, VERIFICATION_MESSAGES.phoneRequired).max(40, VERIFICATION_MESSAGES.phoneInvalid),
  phone_country_code: z.string().trim().max(8, VERIFICATION_MESSAGES.phoneInvalid).optional(),
  channel: ZPhoneChannel.optional(),
});
export type TSendPhoneCodeQuery = z.infer<typeof ZSendPhoneCodeQuery>;

/** POST /v1/client/phone_auth body: exactly 6 digits (spec 02 §5). */
export const ZPhoneAuthBody = z.object({
  code: z.string({ error: VERIFICATION_MESSAGES.codeFormat }).trim().regex(/^\d{6}$/, VERIFICATION_MESSAGES.codeFormat),
});

/** Data of the phone calls: status, the normalised number, seconds until resend, attempts left on the code. */
export const ZPhoneVerificationData = z.object({
  status: ZPhoneVerificationStatus,
  phone_number: z.string().nullable(),
  phone_country_code: z.string().nullable(),
  channel: ZPhoneChannel.nullable(),
  resend_in_s: z.number().int().nonnegative(),
  attempts_left: z.number().int().nonnegative(),
});
export type TPhoneVerificationData = z.infer<typeof ZPhoneVerificationData>;

/** Data of the e-mail calls: whether verified, and seconds until a resend is allowed. */
export const ZEmailVerificationData = z.object({
  is_email_verified: z.boolean(),
  resend_in_s: z.number().int().nonnegative(),
});
export type TEmailVerificationData = z.infer<typeof ZEmailVerificationData>;

/** The query flag the verification link's redirect to /cuenta carries: '1' verified, '0' invalid or expired link. */
export const EMAIL_VERIFIED_FLAG = 'correo_verificado';
