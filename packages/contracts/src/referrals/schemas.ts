import { z } from '../common/zod-locale.ts';
import { REFERRALS_MESSAGES as M } from './messages.ts';

/** Redirect to /cuenta after joining the referral programme, ms (spec 02 §9). */
export const REFERRAL_REDIRECT_MS = 3000;
/** Referral reward shown to people, in USD (spec 02 §9: text only, '$10 dólares'). */
export const REFERRAL_REWARD_USD = 10;
/** Referrals per page of `GET /api/v1/client/referrals?page`. */
export const REFERRALS_PAGE_SIZE = 20;
/** Landing path of a referral link: `/referido/{ucode}` (spec 02 §2). */
export const referralPath = (ucode: string) => `/referido/${encodeURIComponent(ucode)}`;

/**
 * A referrer id as the landing page passes it: the referrer's ucode or client id. Must be a single string of
 * 1–64 letters, digits, '_' or '-' (spec 02 §5: 'El id es inválido').
 */
export const ZReferrerId = z.string({ error: M.invalidId })
  .trim()
  .min(1, { error: M.invalidId })
  .max(64, { error: M.invalidId })
  .regex(/^[A-Za-z0-9_-]+$/, { error: M.invalidId });

/** Body of `POST /api/v1/client/ucode` (spec 02 §7): `{ ucode }`. */
export const ZRegisterReferrerBody = z.object({ ucode: ZReferrerId }, { error: M.invalidId });
export type TRegisterReferrerBody = z.infer<typeof ZRegisterReferrerBody>;

/** Params of `GET /api/v1/client/ucode/{ucode}`. */
export const ZReferrerParams = z.object({ ucode: ZReferrerId });

/** The public card of a referrer: only what the landing page shows. */
export const ZReferrerCard = z.object({
  uid: z.string(),
  ucode: z.string(),
  nickname: z.string().nullable(),
  profile_photo_name: z.string().nullable(),
});
export type TReferrerCard = z.infer<typeof ZReferrerCard>;

/** Answer of `POST /api/v1/client/ucode`: who referred the signed-in client and since when (ISO 8601). */
export const ZReferralRegistration = z.object({ referrer: ZReferrerCard, joined_at: z.string() });
export type TReferralRegistration = z.infer<typeof ZReferralRegistration>;

/** One person I referred: public fields and when they joined (ISO 8601). */
export const ZReferral = z.object({
  uid: z.string(),
  nickname: z.string().nullable(),
  profile_photo_name: z.string().nullable(),
  joined_at: z.string(),
});
export type TReferral = z.infer<typeof ZReferral>;

/**
 * `GET /api/v1/client/referrals?page`: my ucode (for my share link), who referred me (or null), and the people I
 * referred, newest first.
 */
export const ZReferralsPage = z.object({
  ucode: z.string(),
  referred_by: ZReferrerCard.nullable(),
  referrals: z.array(ZReferral),
  page: z.number(),
  page_size: z.number(),
  total: z.number(),
});
export type TReferralsPage = z.infer<typeof ZReferralsPage>;
