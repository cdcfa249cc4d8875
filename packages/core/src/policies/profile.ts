import { PROFILE_MESSAGES } from '@nj/contracts';
import { ADVERTISER_PUBLIC_COLUMNS } from './advertiser.ts';
import { ALLOW, definePolicy } from './policy.ts';

/**
 * The client columns anyone may read on a public profile (/perfil?u={uid}; issue 11, spec 02 §2–§3): the same public
 * columns as a listing's advertiser (nickname, profile photo, bio, agent and verification flags, the account's
 * creation, shown as month and year only). Never the e-mail, the phone, the referral code, privileges or e-money.
 * The profiles repository selects exactly these columns (plus is_anonymous, for the rule).
 */
export const PROFILE_PUBLIC_COLUMNS = ADVERTISER_PUBLIC_COLUMNS;

/** What the profile rule looks at: whether the client has an account (anonymous clients have no profile). */
export type ProfileRecord = { is_anonymous: boolean };

/**
 * Public profiles (issue 11 '/perfil?u={uid}'): read_public — anyone (visitors too) reads PROFILE_PUBLIC_COLUMNS and
 * the visit ratings of a registered client; an anonymous client's uid is 404 'No encontramos este perfil', like an
 * unknown one (a uid alone never tells whether a session exists).
 */
export const profilePolicy = definePolicy<ProfileRecord, 'read_public'>({
  model: 'profile',
  actions: {
    read_public: {
      who: 'anyone', doc: "anyone, only PROFILE_PUBLIC_COLUMNS and ratings of a registered client (never e-mail or phone)",
      rule: (_actor, p) => (p.is_anonymous ? { code: 'NOT_FOUND', msg: PROFILE_MESSAGES.notFound } : ALLOW),
    },
  },
});
