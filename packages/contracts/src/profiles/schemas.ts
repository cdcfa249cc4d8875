import { z } from '../common/zod-locale.ts';
import { PROFILE_MESSAGES as M } from './messages.ts';
import { ZPublicAdvertiser } from '../property-detail/schemas.ts';

/** Path `{ uid }` of GET /api/v1/clients/{uid}/profile: the client's uid (clients.cuid). */
export const ZProfileParams = z.object({
  uid: z.string({ error: M.invalidUid }).trim().min(3, { error: M.invalidUid }).max(64, { error: M.invalidUid }).regex(/^[A-Za-z0-9_-]+$/, { error: M.invalidUid }),
});

/** One recent review on a profile: rating 1–5 with its label, the comment, and the month it was written ('YYYY-MM'). No author. */
export const ZProfileReview = z.object({ rating: z.number(), label: z.string(), comment: z.string(), month: z.string() });

/**
 * A client's public profile (spec 02 §3 Client; issue 11 '/perfil?u={uid}'): the advertiser box's public columns
 * (ZPublicAdvertiser: nickname, photo, bio, agent and verification flags — what profilePolicy makes public) plus the
 * account's month of creation (`member_since`, 'YYYY-MM': the exact sign-up time is not shown) and the visit ratings (count, average to one decimal and its label,
 * the latest commented reviews without who wrote them). Never the e-mail, the phone or the referral code.
 */
export const ZPublicProfile = ZPublicAdvertiser.extend({
  uid: z.string(),
  member_since: z.string().describe('YYYY-MM'),
  rating: z.object({ count: z.number(), average: z.number().nullable(), label: z.string() }),
  reviews: z.array(ZProfileReview),
});
export type TPublicProfile = z.infer<typeof ZPublicProfile>;
