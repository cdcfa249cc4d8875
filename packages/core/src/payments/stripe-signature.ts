import { createHmac, timingSafeEqual } from 'node:crypto';

/** Default tolerance of a webhook's timestamp, seconds (Stripe's libraries use 300). */
export const STRIPE_SIGNATURE_TOLERANCE_S = 300;

/**
 * The `Stripe-Signature` header for `payload` (raw body text) at `timestamp` (unix seconds): `t=…,v1=…` where v1 is
 * HMAC-SHA256 of `${t}.${payload}` under the endpoint secret, hex
 * (https://docs.stripe.com/webhooks#verify-manually). Used by the sandbox and the fake server to sign like Stripe.
 */
export function signStripePayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/**
 * Checks a `Stripe-Signature` header against the raw body (https://docs.stripe.com/webhooks#verify-manually): some
 * v1 signature must equal the expected HMAC (constant-time compare) and the timestamp must be within `toleranceS` of
 * `nowS`. Returns false on any mismatch or malformed header; never throws.
 */
export function verifyStripeSignature(payload: string, header: string | undefined, secret: string,
  options: { nowS?: number; toleranceS?: number } = {}): boolean {
  if (!header || !secret) return false;
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.split('=', 2).map((s) => s.trim());
    if (key === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && value && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  if (timestamp === null || signatures.length === 0) return false;
  const now = options.nowS ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > (options.toleranceS ?? STRIPE_SIGNATURE_TOLERANCE_S)) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex'), 'hex');
  return signatures.some((s) => {
    const given = Buffer.from(s, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/**
 * Reads a Stripe event object (https://docs.stripe.com/api/events/object) about a Checkout Session
 * (https://docs.stripe.com/api/checkout/sessions/object). Returns null when the shape is not that.
 */
export function readCheckoutEvent(body: unknown): import('./payment-provider.ts').CheckoutEvent | null {
  if (!body || typeof body !== 'object') return null;
  const e = body as { id?: unknown; type?: unknown; data?: { object?: Record<string, unknown> } };
  const o = e.data?.object;
  if (typeof e.id !== 'string' || typeof e.type !== 'string' || !o || typeof o !== 'object') return null;
  if (o.object !== 'checkout.session' || typeof o.id !== 'string') return null;
  const metadata = (o.metadata && typeof o.metadata === 'object' ? o.metadata : {}) as Record<string, unknown>;
  const types = Array.isArray(o.payment_method_types) ? o.payment_method_types : [];
  const method = typeof metadata.payment_method === 'string' ? metadata.payment_method : types.length === 1 && typeof types[0] === 'string' ? types[0] : null;
  return {
    id: e.id, type: e.type, sessionId: o.id,
    reference: typeof o.client_reference_id === 'string' ? o.client_reference_id : null,
    amountTotal: typeof o.amount_total === 'number' ? o.amount_total : null,
    currency: typeof o.currency === 'string' ? o.currency : null,
    paymentStatus: typeof o.payment_status === 'string' ? o.payment_status : 'unpaid',
    paymentIntentId: typeof o.payment_intent === 'string' ? o.payment_intent : null,
    paymentMethod: method,
  };
}
