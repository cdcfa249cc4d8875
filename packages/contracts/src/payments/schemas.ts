import { z } from '../common/zod-locale.ts';
import { PAYMENTS_MESSAGES as M } from './messages.ts';

/** Most transactions one checkout pays together. */
export const MAX_CHECKOUT_TRANSACTIONS = 24;
/** Page size of GET /api/v1/client/payments (spec 03 §7). */
export const PAYMENTS_PAGE_SIZE = 10;
/** Days an OXXO voucher stays payable (Stripe payment_method_options[oxxo][expires_after_days], 1–7). */
export const OXXO_EXPIRES_AFTER_DAYS = 3;
/** Seconds the e-money congratulation modal stays open before it closes itself (spec 03 §4, §9: 7 s). */
export const EMONEY_MODAL_SECONDS = 7;

/** Body of POST /api/v1/payments/checkout: the payer's pending transactions to pay, and whether e-money pays first. */
export const ZCheckoutBody = z.strictObject({
  tuids: z.array(z.string({ error: M.invalidBody }).trim().min(1, { error: M.invalidBody }).max(64, { error: M.invalidBody }), { error: M.invalidBody })
    .min(1, { error: M.noTransactions }).max(MAX_CHECKOUT_TRANSACTIONS, { error: M.tooManyTransactions }),
  use_emoney: z.boolean({ error: M.invalidBody }),
  /** Where the provider sends the payer back (a path of this site; default /pagos). */
  return_path: z.string({ error: M.invalidBody }).max(300, { error: M.invalidBody }).regex(/^\/(?!\/)/, { error: M.invalidBody }).optional(),
}, { error: M.invalidBody });
export type TCheckoutBody = z.infer<typeof ZCheckoutBody>;

/**
 * Answer of the checkout: `completed` when e-money paid all (show the congratulation modal), otherwise `redirect`
 * to the provider's `checkout_url`. Amounts in centavos MXN.
 */
export const ZCheckoutResult = z.object({
  status: z.enum(['completed', 'redirect']),
  checkout_url: z.string().nullable(),
  total_cents: z.number().int(),
  emoney_cents: z.number().int(),
  provider_cents: z.number().int(),
});
export type TCheckoutResult = z.infer<typeof ZCheckoutResult>;

/** One payment (transaction) of the client as listed on /pagos; money in centavos MXN, dates ISO 8601. */
export const ZPayment = z.object({
  tuid: z.string(), ttype: z.enum(['refer_deposit', 'ic', 'rent', 'owner_plan', 'safe_deposit']),
  tstatus: z.enum(['completed', 'pending', 'failed', 'expired']), amount_cents: z.number().int(), emoney_used_cents: z.number().int(),
  description: z.string().nullable(), ruid: z.string().nullable(), duedate: z.string().nullable(), created_at: z.string(),
  paid_at: z.string().nullable(), payment_method: z.string().nullable(), has_receipt: z.boolean(),
});
export type TPayment = z.infer<typeof ZPayment>;
/** A page of payments, newest first, and the e-money balance (centavos). */
export const ZPaymentsPage = z.object({
  items: z.array(ZPayment), page: z.number().int(), page_size: z.number().int(), total: z.number().int(), emoney_cents: z.number().int(),
});
export type TPaymentsPage = z.infer<typeof ZPaymentsPage>;

/** Path params naming a transaction. */
export const ZTuidParams = z.object({ tuid: z.string().trim().min(1).max(64) });

/** Sandbox checkout page: the session as the sandbox's hosted page shows it. */
export const ZSandboxSession = z.object({
  session_id: z.string(), amount_cents: z.number().int(), currency: z.string(), description: z.string(),
  status: z.enum(['open', 'complete', 'expired']), payment_status: z.enum(['unpaid', 'paid', 'no_payment_required']),
  payment_method: z.string().nullable(), oxxo_reference: z.string().nullable(), oxxo_expires_at: z.string().nullable(),
  spei_clabe: z.string().nullable(), success_url: z.string(), cancel_url: z.string(),
});
export type TSandboxSession = z.infer<typeof ZSandboxSession>;
/** Sandbox actions: pay by card (number), choose OXXO or SPEI, then simulate the cash/transfer arriving or the voucher expiring. */
export const ZSandboxActionBody = z.strictObject({
  action: z.enum(['card', 'oxxo', 'spei', 'settle', 'expire_voucher', 'expire_session'], { error: M.sandboxBadMethod }),
  card_number: z.string({ error: M.sandboxCardInvalid }).max(32, { error: M.sandboxCardInvalid }).optional(),
}, { error: M.invalidBody });
export type TSandboxActionBody = z.infer<typeof ZSandboxActionBody>;
/** Path params of the sandbox session routes. */
export const ZSandboxParams = z.object({ id: z.string().trim().min(1).max(80) });
