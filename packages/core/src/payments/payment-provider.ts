/**
 * The card/cash/transfer payment provider (issue 13; design.md: Stripe Mexico — cards, OXXO vouchers and SPEI bank
 * transfers through Checkout Sessions). One adapter per provider (the Stripe client, the sandbox), chosen by
 * PAYMENTS_PROVIDER, built once per process into AppServices.payments.
 */

/** What we ask the provider to charge: one hosted checkout for `amountCents` (centavos MXN) of one payer. */
export type CheckoutRequest = {
  /** Our payment checkout id (pcuid): client_reference_id, metadata and idempotency key. */
  reference: string;
  /** The payer (our cuid), kept in metadata. */
  cuid: string;
  customerEmail: string | null;
  amountCents: number;
  /** The line item's name the payer reads (Spanish). */
  description: string;
  successUrl: string;
  cancelUrl: string;
};

/** The provider's hosted checkout: its session id and the URL to send the payer to. */
export type CheckoutSession = { sessionId: string; url: string };

/** The webhook event types we act on (Stripe names; the sandbox sends the same). */
export type CheckoutEventType =
  | 'checkout.session.completed' | 'checkout.session.async_payment_succeeded' | 'checkout.session.async_payment_failed'
  | 'checkout.session.expired';

/** A verified provider event about one checkout session (amounts in centavos of `currency`). */
export type CheckoutEvent = {
  id: string;
  type: CheckoutEventType | string;
  sessionId: string;
  reference: string | null;
  amountTotal: number | null;
  currency: string | null;
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required' | string;
  paymentIntentId: string | null;
  /** 'card' | 'oxxo' | 'customer_balance' when the event tells (metadata or payment_method_types of one entry). */
  paymentMethod: string | null;
};

/** One payment provider. `createCheckout` throws AppError UNAVAILABLE (Spanish) when the provider cannot answer. */
export type PaymentProvider = {
  name: 'stripe' | 'sandbox';
  /** The secret webhook signatures are made with (Stripe's whsec_…, or the sandbox's own). */
  webhookSecret: string;
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
};
