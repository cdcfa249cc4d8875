import { definePolicy } from './policy.ts';

/**
 * The client columns anyone may read about a listing's advertiser (issue 9 §4 "advertiser box: name, photo, agency,
 * verification flags, member since — only public fields"). They are what spec 02 shows of a client to others (the
 * directory entry of spec 01 §3: nickname, photo, bio) plus the verification flags and the account's age. Never the
 * e-mail, the phone, the referral code, privileges or e-money: spec 01 and 02 make none of them public. The
 * advertisers repository selects exactly these columns, so nothing else can reach a presenter.
 */
export const ADVERTISER_PUBLIC_COLUMNS = [
  'nickname', 'profile_photo_name', 'bio', 'is_agent', 'is_email_verified', 'is_phone_verified', 'is_identity_verified', 'created_at',
] as const;
export type AdvertiserPublicColumn = (typeof ADVERTISER_PUBLIC_COLUMNS)[number];

/**
 * Advertisers (issue 9 §4): read_public — anyone reads the public profile (ADVERTISER_PUBLIC_COLUMNS) of the
 * registered client who owns a live listing; the detail of a listing carries it.
 */
export const advertiserPolicy = definePolicy<never, 'read_public'>({
  model: 'advertiser',
  actions: {
    read_public: { who: 'anyone', doc: "anyone, only ADVERTISER_PUBLIC_COLUMNS (never e-mail or phone) of a listing's owner" },
  },
});
