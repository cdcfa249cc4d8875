import { randomBytes, randomInt } from 'node:crypto';
import type { Updateable } from 'kysely';
import type { Database } from '@nj/db';
import { PAYMENTS_MESSAGES as M, OXXO_EXPIRES_AFTER_DAYS, type TSandboxSession } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { paymentTables, type PaymentTables } from './payments-tables.ts';
import { signStripePayload } from './stripe-signature.ts';

/** Stripe's test card that succeeds (https://docs.stripe.com/testing#cards). */
export const SANDBOX_CARD_OK = '4242424242424242';
/** Stripe's test card that is declined with card_declined (https://docs.stripe.com/testing#declined-payments). */
export const SANDBOX_CARD_DECLINED = '4000000000000002';

/**
 * The sandbox provider (PAYMENTS_PROVIDER=sandbox, the default outside production): behaves like Stripe Checkout
 * without the network. createCheckout stores a session and sends the payer to our own hosted page
 * `/pago-sandbox/{id}` (web app), where the payer picks card (4242… succeeds, 4000 0000 0000 0002 is declined),
 * OXXO (a voucher reference with an expiry) or SPEI (a CLABE); each outcome becomes a Stripe-shaped event signed
 * with `webhookSecret` and delivered to POST /api/v1/payments/webhook (sandboxAct).
 */
export function createSandboxPaymentProvider(options: { database: Database; publicUrl: string; webhookSecret: string }): PaymentProvider {
  return {
    name: 'sandbox',
    webhookSecret: options.webhookSecret,
    async createCheckout(request) {
      const sessionId = `cs_test_${randomBytes(12).toString('hex')}`;
      await paymentTables(options.database).insertInto('payment_sandbox_sessions').values({
        session_id: sessionId, amount_cents: request.amountCents, currency: 'mxn', description: request.description,
        client_reference_id: request.reference, metadata: JSON.stringify({ pcuid: request.reference, cuid: request.cuid }),
        success_url: request.successUrl, cancel_url: request.cancelUrl, oxxo_expires_days: OXXO_EXPIRES_AFTER_DAYS,
        status: 'open', payment_status: 'unpaid', payment_method: null, oxxo_reference: null, oxxo_expires_at: null, spei_clabe: null,
      }).execute();
      return { sessionId, url: `${options.publicUrl}/pago-sandbox/${sessionId}` };
    },
  };
}

type SandboxRow = Awaited<ReturnType<typeof loadSession>>;
async function loadSession(database: Database, id: string) {
  return paymentTables(database).selectFrom('payment_sandbox_sessions').selectAll().where('session_id', '=', id).executeTakeFirst();
}

/** The sandbox session `id` as its hosted page shows it. @throws AppError NOT_FOUND when unknown */
export async function getSandboxSession(database: Database, id: string): Promise<TSandboxSession> {
  const row = await loadSession(database, id);
  if (!row) throw new AppError('NOT_FOUND', M.sandboxNotFound);
  return present(row);
}

function present(row: NonNullable<SandboxRow>): TSandboxSession {
  return {
    session_id: row.session_id, amount_cents: Number(row.amount_cents), currency: row.currency, description: row.description,
    status: row.status, payment_status: row.payment_status, payment_method: row.payment_method, oxxo_reference: row.oxxo_reference,
    oxxo_expires_at: row.oxxo_expires_at ? new Date(row.oxxo_expires_at).toISOString() : null, spei_clabe: row.spei_clabe,
    success_url: row.success_url, cancel_url: row.cancel_url,
  };
}

/** A webhook delivery the sandbox makes: the raw JSON body and its Stripe-Signature header. */
export type SandboxDelivery = { payload: string; signature: string };

function event(row: NonNullable<SandboxRow>, type: string, secret: string): SandboxDelivery {
  const payload = JSON.stringify({
    id: `evt_test_${randomBytes(12).toString('hex')}`, object: 'event', type, created: Math.floor(Date.now() / 1000), livemode: false,
    data: {
      object: {
        id: row.session_id, object: 'checkout.session', client_reference_id: row.client_reference_id, amount_total: Number(row.amount_cents),
        currency: row.currency, status: row.status, payment_status: row.payment_status, mode: 'payment',
        payment_intent: `pi_test_${row.session_id.slice(8)}`, payment_method_types: row.payment_method ? [row.payment_method] : ['card', 'oxxo', 'customer_balance'],
        metadata: { ...JSON.parse(row.metadata) as object, ...(row.payment_method ? { payment_method: row.payment_method } : {}) },
      },
    },
  });
  return { payload, signature: signStripePayload(payload, secret) };
}

/**
 * One action on the sandbox's hosted page, with Stripe's outcomes (https://docs.stripe.com/payments/oxxo,
 * https://docs.stripe.com/payments/mx-bank-transfers, https://docs.stripe.com/testing):
 * - `card` + number: 4242… → session complete/paid, event checkout.session.completed; 4000…0002 → AppError
 *   BAD_REQUEST M.sandboxCardDeclined (the session stays open, like Checkout); any other → M.sandboxCardInvalid.
 * - `oxxo` / `spei`: session complete/unpaid with a voucher reference (expires in N days) or a CLABE; event
 *   checkout.session.completed (payment_status unpaid).
 * - `settle`: the cash or transfer arrived → paid, checkout.session.async_payment_succeeded.
 * - `expire_voucher`: the OXXO voucher expired unpaid → checkout.session.async_payment_failed.
 * - `expire_session`: the payer never finished → status expired, checkout.session.expired.
 * @returns the session after the action and the signed delivery to send to the webhook (null when none)
 * @throws AppError NOT_FOUND unknown session; CONFLICT M.sandboxClosed / M.sandboxNotPending for an action the state forbids
 */
export async function sandboxAct(database: Database, secret: string, id: string, action: { action: string; card_number?: string | undefined }):
  Promise<{ session: TSandboxSession; delivery: SandboxDelivery | null }> {
  const t = paymentTables(database);
  const row = await loadSession(database, id);
  if (!row) throw new AppError('NOT_FOUND', M.sandboxNotFound);
  const update = async (patch: Updateable<PaymentTables['payment_sandbox_sessions']>) => {
    await t.updateTable('payment_sandbox_sessions').set(patch).where('session_id', '=', id).execute();
    return (await loadSession(database, id))!;
  };
  const open = row.status === 'open';
  switch (action.action) {
    case 'card': {
      if (!open) throw new AppError('CONFLICT', M.sandboxClosed);
      const digits = (action.card_number ?? '').replace(/[\s-]/g, '');
      if (digits === SANDBOX_CARD_DECLINED) throw new AppError('BAD_REQUEST', M.sandboxCardDeclined);
      if (digits !== SANDBOX_CARD_OK) throw new AppError('BAD_REQUEST', M.sandboxCardInvalid);
      const next = await update({ status: 'complete', payment_status: 'paid', payment_method: 'card' });
      return { session: present(next), delivery: event(next, 'checkout.session.completed', secret) };
    }
    case 'oxxo':
    case 'spei': {
      if (!open) throw new AppError('CONFLICT', M.sandboxClosed);
      const next = action.action === 'oxxo'
        ? await update({
          status: 'complete', payment_status: 'unpaid', payment_method: 'oxxo',
          oxxo_reference: Array.from({ length: 18 }, () => randomInt(10)).join(''),
          oxxo_expires_at: new Date(Date.now() + row.oxxo_expires_days * 86_400_000),
        })
        : await update({ status: 'complete', payment_status: 'unpaid', payment_method: 'customer_balance', spei_clabe: `646180${Array.from({ length: 12 }, () => randomInt(10)).join('')}` });
      return { session: present(next), delivery: event(next, 'checkout.session.completed', secret) };
    }
    case 'settle': {
      if (row.status !== 'complete' || row.payment_status !== 'unpaid') throw new AppError('CONFLICT', M.sandboxNotPending);
      const next = await update({ payment_status: 'paid' });
      return { session: present(next), delivery: event(next, 'checkout.session.async_payment_succeeded', secret) };
    }
    case 'expire_voucher': {
      if (row.status !== 'complete' || row.payment_status !== 'unpaid') throw new AppError('CONFLICT', M.sandboxNotPending);
      const next = await update({ oxxo_expires_at: new Date() });
      return { session: present(next), delivery: event(next, 'checkout.session.async_payment_failed', secret) };
    }
    case 'expire_session': {
      if (!open) throw new AppError('CONFLICT', M.sandboxClosed);
      const next = await update({ status: 'expired' });
      return { session: present(next), delivery: event(next, 'checkout.session.expired', secret) };
    }
    default:
      throw new AppError('BAD_REQUEST', M.sandboxBadMethod);
  }
}
