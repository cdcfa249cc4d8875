import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { listenLocally, readBody } from '../../testing/listen-locally.ts';
import { signStripePayload } from '../stripe-signature.ts';

/** A Checkout Session the fake keeps (the fields our client and webhook handler read). */
export type FakeSession = {
  id: string; client_reference_id: string | null; amount_total: number; currency: string; metadata: Record<string, string>;
  payment_method_types: string[]; status: 'open' | 'complete' | 'expired'; payment_status: 'unpaid' | 'paid'; url: string;
};

/** A request the fake received: path, headers we check, the decoded form params. */
export type FakeRequest = { path: string; authorization: string | undefined; idempotencyKey: string | undefined; contentType: string | undefined; params: Record<string, string> };

/**
 * For tests: a local fake of Stripe's API (https://docs.stripe.com/api) — POST /v1/customers and
 * POST /v1/checkout/sessions with Bearer auth (401 `{ error }` for another key), form bodies and idempotency keys
 * (the same key answers the same object) — that also signs webhook events like Stripe
 * (https://docs.stripe.com/webhooks#verify-manually). `mode` makes it answer 500 or never answer (timeouts).
 */
export async function startFakeStripeServer(options: { secretKey: string; webhookSecret: string }) {
  const sessions = new Map<string, FakeSession>();
  const idempotent = new Map<string, string>();
  const requests: FakeRequest[] = [];
  const state = { mode: 'ok' as 'ok' | 'error' | 'hang' };
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const params = Object.fromEntries(new URLSearchParams(body));
    const path = (req.url ?? '').split('?')[0]!;
    requests.push({ path, authorization: req.headers.authorization, idempotencyKey: req.headers['idempotency-key'] as string | undefined, contentType: req.headers['content-type'], params });
    const send = (status: number, value: unknown) => { res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value)); };
    if (state.mode === 'hang') return;
    if (state.mode === 'error') return send(500, { error: { type: 'api_error', message: 'fake failure' } });
    if (req.headers.authorization !== `Bearer ${options.secretKey}`) return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    if (req.method !== 'POST' || !String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) return send(400, { error: { type: 'invalid_request_error' } });
    const key = req.headers['idempotency-key'] as string | undefined;
    const cached = key ? idempotent.get(`${path} ${key}`) : undefined;
    if (cached) return res.writeHead(200, { 'content-type': 'application/json', 'idempotent-replayed': 'true' }).end(cached);
    let answer: unknown;
    if (path === '/v1/customers') {
      answer = { id: `cus_${randomBytes(7).toString('hex')}`, object: 'customer', email: params.email ?? null };
    } else if (path === '/v1/checkout/sessions') {
      const amount = Number(params['line_items[0][price_data][unit_amount]']);
      if (!Number.isInteger(amount) || amount <= 0 || params.mode !== 'payment' || !params.customer) return send(400, { error: { type: 'invalid_request_error', message: 'bad params' } });
      const id = `cs_test_${randomBytes(10).toString('hex')}`;
      const types = Object.entries(params).filter(([k]) => k.startsWith('payment_method_types[')).map(([, v]) => v);
      const metadata = Object.fromEntries(Object.entries(params).filter(([k]) => k.startsWith('metadata[')).map(([k, v]) => [k.slice(9, -1), v]));
      const session: FakeSession = {
        id, client_reference_id: params.client_reference_id ?? null, amount_total: amount, currency: params['line_items[0][price_data][currency]'] ?? 'mxn',
        metadata, payment_method_types: types, status: 'open', payment_status: 'unpaid', url: `https://checkout.stripe.test/c/pay/${id}`,
      };
      sessions.set(id, session);
      answer = { object: 'checkout.session', ...session };
    } else {
      return send(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
    }
    const text = JSON.stringify(answer);
    if (key) idempotent.set(`${path} ${key}`, text);
    res.writeHead(200, { 'content-type': 'application/json' }).end(text);
  });
  const listening = await listenLocally(server);

  /**
   * A signed event about session `id` as Stripe would send it: `type`, the session's fields with `overrides`
   * (e.g. amount_total for a wrong amount), signed with `secret` (default the endpoint's) at `timestamp`.
   */
  const event = (id: string, type: string, overrides: Partial<FakeSession> & { payment_method?: string } = {}, sign: { secret?: string; timestamp?: number; eventId?: string } = {}) => {
    const s = sessions.get(id);
    if (!s) throw new Error(`fake stripe: no session ${id}`);
    const { payment_method, ...rest } = overrides;
    const object = { object: 'checkout.session', ...s, ...rest, metadata: { ...s.metadata, ...(payment_method ? { payment_method } : {}) }, payment_intent: `pi_${id.slice(8)}` };
    const payload = JSON.stringify({ id: sign.eventId ?? `evt_${randomBytes(10).toString('hex')}`, object: 'event', type, livemode: false, data: { object } });
    return { payload, signature: signStripePayload(payload, sign.secret ?? options.webhookSecret, sign.timestamp) };
  };

  return {
    url: listening.url, sessions, requests, event,
    /** 'ok' answers; 'error' answers 500; 'hang' never answers (client timeouts). */
    setMode(mode: 'ok' | 'error' | 'hang') { state.mode = mode; },
    /** Sends a signed event to `webhookUrl` like Stripe's delivery (POST JSON with Stripe-Signature). */
    async deliver(webhookUrl: string, e: { payload: string; signature: string }) {
      return fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': e.signature }, body: e.payload });
    },
    close: listening.close,
  };
}
