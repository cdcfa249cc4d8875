import { PAYMENTS_MESSAGES as M, OXXO_EXPIRES_AFTER_DAYS } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { CheckoutRequest, PaymentProvider } from './payment-provider.ts';

/** Stripe's API server. */
export const STRIPE_API_BASE = 'https://api.stripe.com';

/** Settings of the Stripe client: the secret key (sk_…), the webhook endpoint's secret (whsec_…), the API base (tests). */
export type StripeConfig = { secretKey: string; webhookSecret: string; baseUrl?: string | undefined; timeoutMs?: number | undefined; fetch?: typeof fetch };

/** Encodes nested params the way Stripe's API reads form bodies: `a[b][0][c]=v` (https://docs.stripe.com/api/request). */
export function formEncode(params: Record<string, unknown>): string {
  const out: string[] = [];
  const walk = (prefix: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) value.forEach((v, i) => walk(`${prefix}[${i}]`, v));
    else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(prefix ? `${prefix}[${k}]` : k, v);
    else out.push(`${encodeURIComponent(prefix)}=${encodeURIComponent(String(value))}`);
  };
  walk('', params);
  return out.join('&');
}

/**
 * The Checkout Session params for a request (https://docs.stripe.com/api/checkout/sessions/create): mode payment, one
 * MXN line item of the amount, card + OXXO (voucher valid OXXO_EXPIRES_AFTER_DAYS, https://docs.stripe.com/payments/oxxo)
 * + customer_balance with bank_transfer mx_bank_transfer (SPEI, https://docs.stripe.com/payments/mx-bank-transfers),
 * our reference in client_reference_id and metadata.
 */
export function buildCheckoutParams(request: CheckoutRequest, customerId: string): Record<string, unknown> {
  return {
    mode: 'payment',
    customer: customerId,
    client_reference_id: request.reference,
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
    locale: 'es-419',
    line_items: [{ quantity: 1, price_data: { currency: 'mxn', unit_amount: request.amountCents, product_data: { name: request.description } } }],
    payment_method_types: ['card', 'oxxo', 'customer_balance'],
    payment_method_options: {
      oxxo: { expires_after_days: OXXO_EXPIRES_AFTER_DAYS },
      customer_balance: { funding_type: 'bank_transfer', bank_transfer: { type: 'mx_bank_transfer' } },
    },
    metadata: { pcuid: request.reference, cuid: request.cuid },
    payment_intent_data: { metadata: { pcuid: request.reference, cuid: request.cuid } },
  };
}

/**
 * The real Stripe client (https://docs.stripe.com/api): `Authorization: Bearer sk_…`, form-encoded bodies, an
 * `Idempotency-Key` per request (https://docs.stripe.com/api/idempotent_requests) so a retried checkout never makes
 * two sessions. createCheckout first creates the payer's Customer (POST /v1/customers; customer_balance needs one),
 * then the Checkout Session (POST /v1/checkout/sessions). Each call is bounded by `timeoutMs` (default 15 s).
 * @throws AppError UNAVAILABLE M.providerUnavailable on a timeout, network error, non-2xx answer or a malformed body
 */
export function createStripePaymentProvider(config: StripeConfig): PaymentProvider {
  const base = (config.baseUrl ?? STRIPE_API_BASE).replace(/\/$/, '');
  const doFetch = config.fetch ?? fetch;
  const post = async (path: string, params: Record<string, unknown>, idempotencyKey: string): Promise<Record<string, unknown>> => {
    let response: Response;
    let body: unknown;
    try {
      response = await doFetch(`${base}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${config.secretKey}`, 'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': idempotencyKey, accept: 'application/json',
        },
        body: formEncode(params),
        signal: AbortSignal.timeout(config.timeoutMs ?? 15_000),
      });
      body = JSON.parse(await response.text());
    } catch (error) {
      console.error(`stripe ${path}: no answer (${error instanceof Error ? error.name : 'error'})`);
      throw new AppError('UNAVAILABLE', M.providerUnavailable);
    }
    if (!response.ok || !body || typeof body !== 'object') {
      const err = (body as { error?: { type?: string; code?: string } } | null)?.error;
      console.error(`stripe ${path}: HTTP ${response.status} ${err?.type ?? ''} ${err?.code ?? ''}`);
      throw new AppError('UNAVAILABLE', M.providerUnavailable);
    }
    return body as Record<string, unknown>;
  };
  return {
    name: 'stripe',
    webhookSecret: config.webhookSecret,
    async createCheckout(request) {
      const customer = await post('/v1/customers', {
        ...(request.customerEmail ? { email: request.customerEmail } : {}), metadata: { cuid: request.cuid },
      }, `customer-${request.reference}`);
      if (typeof customer.id !== 'string') throw new AppError('UNAVAILABLE', M.providerUnavailable);
      const session = await post('/v1/checkout/sessions', buildCheckoutParams(request, customer.id), `checkout-${request.reference}`);
      if (typeof session.id !== 'string' || typeof session.url !== 'string') {
        console.error('stripe checkout: answer without id/url');
        throw new AppError('UNAVAILABLE', M.providerUnavailable);
      }
      return { sessionId: session.id, url: session.url };
    },
  };
}
