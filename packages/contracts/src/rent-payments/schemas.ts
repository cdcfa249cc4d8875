import { z } from 'zod';
import { RENT_PAYMENTS_MESSAGES as M } from './messages.ts';

/** GET /api/v1/rents/{ruid}/payments — path. */
export const ZRentPaymentsParams = z.object({
  ruid: z.string({ error: M.invalidRuid }).min(1, { error: M.invalidRuid }).max(64, { error: M.invalidRuid }),
});

/** Where one scheduled payment's money is (decision 024). */
export const ESCROW_STATES = ['awaiting_payment', 'held', 'released', 'returned'] as const;
/** The custody label keys of RENT_PAYMENTS_MESSAGES.escrowState. */
export const ESCROW_LABELS = ['awaiting_payment', 'held_first_rent', 'held_deposit', 'released', 'returned', 'returned_partly'] as const;

/** One payment of the lease's schedule; money in integer centavos MXN; days 'YYYY-MM-DD' (Mexico City). */
export const ZRentPaymentItem = z.object({
  tuid: z.string(),
  ttype: z.enum(['safe_deposit', 'rent']),
  kind: z.enum(['deposit', 'first_rent', 'rent']),
  period: z.number().int(),
  period_from: z.string(),
  period_to: z.string(),
  prorated: z.boolean(),
  description: z.string(),
  amount_cents: z.number().int(),
  due_day: z.string(),
  tstatus: z.enum(['completed', 'pending', 'failed', 'expired']),
  paid_at: z.string().nullable(),
  escrow_state: z.enum(ESCROW_STATES),
  escrow_label: z.enum(ESCROW_LABELS),
  released_cents: z.number().int(),
  returned_cents: z.number().int(),
});
export type TRentPaymentItem = z.infer<typeof ZRentPaymentItem>;

/** One payout out of custody (the payouts part's row, without any bank data). */
export const ZRentPayout = z.object({
  pouid: z.string(),
  to: z.enum(['owner', 'renter']),
  reason: z.enum(['rent_release', 'deposit_release', 'deposit_return']),
  amount_cents: z.number().int(),
  status: z.string(),
  created_at: z.string(),
});
export type TRentPayout = z.infer<typeof ZRentPayout>;

/** GET /api/v1/rents/{ruid}/payments — the rent's schedule, custody and payouts as its party sees them. */
export const ZRentPayments = z.object({
  ruid: z.string(),
  role: z.enum(['renter', 'owner', 'second_renter']),
  /** False before the last signature: no schedule yet. */
  started: z.boolean(),
  /** True for the renter: the one who pays. */
  can_pay: z.boolean(),
  handover_at: z.string().nullable(),
  moveout_at: z.string().nullable(),
  deduction_cents: z.number().int().nullable(),
  items: z.array(ZRentPaymentItem),
  payouts: z.array(ZRentPayout),
  paid_cents: z.number().int(),
  pending_cents: z.number().int(),
});
export type TRentPayments = z.infer<typeof ZRentPayments>;
