import type { Database } from '@nj/db';
import { PAYMENTS_MESSAGES as M } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import { refundEmoney, splitEmoney } from './emoney-payments.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { paymentTables } from './payments-tables.ts';
import { completeTransactions } from './start-checkout.ts';
import { readCheckoutEvent, verifyStripeSignature } from './stripe-signature.ts';
import { transactionsRepository } from './transactions-repository.ts';

/** What a webhook delivery did (for logs and tests). */
export type WebhookOutcome = 'completed' | 'awaiting_payment' | 'failed' | 'expired' | 'duplicate' | 'ignored' | 'amount_mismatch';

/**
 * POST /api/v1/payments/webhook (Stripe: https://docs.stripe.com/webhooks, https://docs.stripe.com/payments/checkout/fulfill-orders,
 * async methods https://docs.stripe.com/payments/oxxo/accept-a-payment). Verifies `Stripe-Signature` over the raw
 * body, then handles the event once (its id is recorded in the same transaction: a replay or duplicate changes
 * nothing):
 * - checkout.session.completed / async_payment_succeeded with payment_status paid, amount_total and currency (mxn)
 *   equal to the checkout's provider part → transactions completed, e-money parts written, job payment.completed;
 *   completed with payment_status unpaid (OXXO voucher, SPEI pending) → method recorded, still pending;
 * - async_payment_failed → checkout failed, e-money given back; an OXXO voucher that expired expires the transactions,
 *   other methods fail them;
 * - checkout.session.expired → checkout expired, e-money given back, transactions stay pending (payable again).
 * Events for unknown sessions or other types are acknowledged and ignored.
 * @throws AppError BAD_REQUEST M.webhookSignature (bad/old signature) or M.webhookBody (not a checkout event)
 */
export async function handlePaymentWebhook(deps: { database: Database; provider: PaymentProvider }, rawBody: string, signature: string | undefined): Promise<WebhookOutcome> {
  if (!verifyStripeSignature(rawBody, signature, deps.provider.webhookSecret)) throw new AppError('BAD_REQUEST', M.webhookSignature);
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    throw new AppError('BAD_REQUEST', M.webhookBody);
  }
  const type = (parsed as { type?: unknown } | null)?.type;
  if (typeof type === 'string' && !type.startsWith('checkout.session.')) return 'ignored';
  const event = readCheckoutEvent(parsed);
  if (!event) throw new AppError('BAD_REQUEST', M.webhookBody);

  return deps.database.db.transaction().execute(async (trx): Promise<WebhookOutcome> => {
    const t = paymentTables(trx);
    const fresh = await t.insertInto('payment_webhook_events').values({ event_id: event.id, event_type: event.type })
      .onConflict((oc) => oc.column('event_id').doNothing()).executeTakeFirst();
    if (Number(fresh.numInsertedOrUpdatedRows ?? 0) === 0) return 'duplicate';
    const checkout = await t.selectFrom('payment_checkouts').selectAll().where('provider_session_id', '=', event.sessionId).forUpdate().executeTakeFirst();
    if (!checkout) {
      console.error(`payments webhook: ${event.type} for unknown session ${event.sessionId}`);
      return 'ignored';
    }
    const tuids = JSON.parse(checkout.tuids) as string[];
    const setCheckout = (patch: { status?: 'completed' | 'failed' | 'expired'; payment_method?: string | null; provider_payment_id?: string | null; emoney_returned?: boolean }) =>
      t.updateTable('payment_checkouts').set({ ...patch, updated_at: new Date() }).where('pcuid', '=', checkout.pcuid).execute();
    const method = event.paymentMethod ?? checkout.payment_method ?? 'card';

    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        if (checkout.status !== 'open') return 'ignored';
        if (event.paymentStatus !== 'paid') {
          await setCheckout({ payment_method: method });
          return 'awaiting_payment';
        }
        if (event.amountTotal !== Number(checkout.provider_cents) || event.currency?.toLowerCase() !== 'mxn') {
          console.error(`payments webhook: ${event.id} amount ${event.amountTotal} ${event.currency} differs from checkout ${checkout.pcuid} (${checkout.provider_cents} mxn)`);
          return 'amount_mismatch';
        }
        const rows = (await transactionsRepository.lockMany(trx, tuids)).filter((r) => r.tstatus === 'pending' && r.providerOrderId === checkout.pcuid)
          .sort((a, b) => tuids.indexOf(a.tuid) - tuids.indexOf(b.tuid));
        await setCheckout({ status: 'completed', payment_method: method, provider_payment_id: event.paymentIntentId });
        await completeTransactions(trx, rows, {
          pcuid: checkout.pcuid, emoney: splitEmoney(rows.map((r) => r.amountCents), Number(checkout.emoney_cents)), provider: checkout.provider, method,
        });
        return 'completed';
      }
      case 'checkout.session.async_payment_failed': {
        if (checkout.status !== 'open') return 'ignored';
        await setCheckout({ status: 'failed', payment_method: method, emoney_returned: true });
        await refundEmoney(trx, checkout.pcuid);
        const status = method === 'oxxo' ? 'expired' : 'failed';
        await t.updateTable('transactions').set({ tstatus: status }).where('tuid', 'in', tuids).where('tstatus', '=', 'pending')
          .where('provider_order_id', '=', checkout.pcuid).execute();
        return status;
      }
      case 'checkout.session.expired': {
        if (checkout.status !== 'open') return 'ignored';
        await setCheckout({ status: 'expired', emoney_returned: true });
        await refundEmoney(trx, checkout.pcuid);
        await t.updateTable('transactions').set({ provider_checkout_id: null, provider_order_id: null }).where('tuid', 'in', tuids)
          .where('tstatus', '=', 'pending').where('provider_order_id', '=', checkout.pcuid).execute();
        return 'expired';
      }
      default:
        return 'ignored';
    }
  });
}
