import { z } from '../common/zod-locale.ts';

/** Welcome reward in MXN, credited once per registered client (spec 02 §9). */
export const WELCOME_REWARD_MXN = 200;
/** Delay between claiming the reward and opening the complete-profile modal, ms (spec 02 §9). */
export const REWARD_FOLLOW_UP_MS = 3000;
/** From this viewport width (px) the award modal fires extra confetti bursts (spec 02 §2 modal 9). */
export const AWARD_WIDE_CONFETTI_MIN_PX = 991;
/** Ledger entries per page of `GET /api/v1/client/emoney`. */
export const EMONEY_PAGE_SIZE = 20;

/** What a ledger entry is for. Only the welcome reward is unique per client. */
export const EMONEY_KINDS = ['welcome_reward', 'referral_reward', 'adjustment', 'payment_debit', 'payment_refund'] as const;
export type TEmoneyKind = (typeof EMONEY_KINDS)[number];

/**
 * `GET /api/v1/client/rewards/welcome` and `POST` (claim): whether the 200 MXN were credited, and the balance.
 * `emoney` is the client's platform balance in MXN (sum of the ledger); `claimed_at` ISO 8601 or null.
 * `is_new_credit` is true only on the call that credited the reward.
 */
export const ZWelcomeReward = z.object({
  amount_mxn: z.number(),
  is_claimed: z.boolean(),
  claimed_at: z.string().nullable(),
  emoney: z.number(),
  is_new_credit: z.boolean(),
});
export type TWelcomeReward = z.infer<typeof ZWelcomeReward>;

/** One ledger entry; amount in MXN (negative for a debit). */
export const ZEmoneyEntry = z.object({
  id: z.number(),
  amount_mxn: z.number(),
  kind: z.enum(EMONEY_KINDS),
  created_at: z.string(),
});
export type TEmoneyEntry = z.infer<typeof ZEmoneyEntry>;

/** `GET /api/v1/client/emoney?page`: balance in MXN and the ledger, newest first. */
export const ZEmoneyStatement = z.object({
  emoney: z.number(),
  entries: z.array(ZEmoneyEntry),
  page: z.number(),
  page_size: z.number(),
  total: z.number(),
});
export type TEmoneyStatement = z.infer<typeof ZEmoneyStatement>;

/** A `page` query value: 1 or more; anything else (missing, '0', 'abc', repeated) reads as 1. */
export const ZPageNumberQuery = z.object({
  page: z.preprocess((v) => {
    const n = Number(Array.isArray(v) ? v[0] : v);
    return Number.isInteger(n) && n >= 1 ? Math.min(n, 100_000) : 1;
  }, z.number().int().min(1)),
});
