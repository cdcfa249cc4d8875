import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '@nj/db';
import { PAYMENTS_MESSAGES as M, type TCheckoutResult } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import { enqueue } from '../jobs/enqueue.ts';
import type { JobExecutor } from '../jobs/jobs-repository.ts';
import type { Actor } from '../policies/actor.ts';
import { debitEmoney, emoneyBalanceCents, lockEmoney, refundEmoney, splitEmoney } from './emoney-payments.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { paymentTables } from './payments-tables.ts';
import { transactionsRepository, type TransactionRow } from './transactions-repository.ts';
import { grantAgencyPlans } from '../agencies/grant-agency-plans.ts';

/** Name of the job enqueued when transactions become completed; payload `{ tuids: string[] }` (interfaces.md seam 1). */
export const PAYMENT_COMPLETED_JOB = 'payment.completed';

/**
 * Marks `rows` completed (inside `trx`): paid_at now, provider and method, each one's e-money part; enqueues
 * PAYMENT_COMPLETED_JOB `{ tuids }` in the same transaction (key: the checkout, so it is enqueued once); paid agency
 * plans (owner_plan orders) grant their seats in it too (agencies/grant-agency-plans.ts).
 */
export async function completeTransactions(trx: JobExecutor, rows: TransactionRow[], parts: { pcuid: string; emoney: number[]; provider: string; method: string }): Promise<void> {
  const t = paymentTables(trx);
  for (const [i, row] of rows.entries()) {
    await t.updateTable('transactions').set({
      tstatus: 'completed', paid_at: new Date(), emoney_used_cents: parts.emoney[i] ?? 0, provider: parts.provider, payment_method: parts.method, is_confirmed: true,
    }).where('tuid', '=', row.tuid).where('tstatus', '=', 'pending').execute();
  }
  await enqueue(trx, PAYMENT_COMPLETED_JOB, { tuids: rows.map((r) => r.tuid) }, { key: parts.pcuid });
  // Agency plans (issue 15): the seats of paid owner_plan orders, in this same transaction.
  const plans = rows.filter((r) => r.ttype === 'owner_plan').map((r) => r.tuid);
  if (plans.length) await grantAgencyPlans(trx, plans);
}

const byDue = (a: TransactionRow, b: TransactionRow) =>
  (a.duedate?.getTime() ?? 0) - (b.duedate?.getTime() ?? 0) || a.createdAt.getTime() - b.createdAt.getTime() || a.tuid.localeCompare(b.tuid);

/**
 * POST /api/v1/payments/checkout (spec 03 §4 pay flows): pays the signed-in payer's own pending transactions `tuids`
 * together. With `useEmoney` the payer's e-money pays first (earliest due first, decision 023), locked per client so
 * concurrent payments never take the ledger below zero. If e-money covers all, the transactions are completed at once
 * (`status: 'completed'`; PAYMENT_COMPLETED_JOB enqueued). Otherwise a checkout of the rest is created at the provider
 * (`status: 'redirect'`, its URL); should the provider fail, the e-money is given back. An earlier open checkout of
 * these transactions is dropped (its e-money given back). Amounts in centavos MXN.
 * @throws AppError UNAUTHORIZED (not signed in), NOT_FOUND/CONFLICT M.notPayable (someone else's, not pending, unknown),
 *   UNAVAILABLE M.providerUnavailable
 */
export async function startCheckout(deps: { database: Database; provider: PaymentProvider; publicUrl: string },
  input: { actor: Actor; tuids: string[]; useEmoney: boolean; returnPath?: string | undefined }): Promise<TCheckoutResult> {
  const { actor } = input;
  if (actor.kind !== 'registered') throw new AppError('UNAUTHORIZED');
  const tuids = [...new Set(input.tuids)];
  const pcuid = randomUUID();
  const prepared = await deps.database.db.transaction().execute(async (trx) => {
    await lockEmoney(trx, actor.cuid);
    const rows = (await transactionsRepository.lockMany(trx, tuids)).sort(byDue);
    if (rows.length !== tuids.length || rows.some((r) => r.cuid !== actor.cuid)) throw new AppError('NOT_FOUND', M.notPayable);
    if (rows.some((r) => r.tstatus !== 'pending')) throw new AppError('CONFLICT', M.notPayable);
    // Earlier attempts of these transactions still open: dropped, their e-money given back.
    const t = paymentTables(trx);
    const earlier = await t.selectFrom('payment_checkouts').select('pcuid').where('status', '=', 'open').where('cuid', '=', actor.cuid)
      .where(sql<boolean>`EXISTS (SELECT 1 FROM jsonb_array_elements_text(tuids::jsonb) x WHERE x = ANY(${sql.val(tuids)}::text[]))`).execute();
    for (const e of earlier) {
      await t.updateTable('payment_checkouts').set({ status: 'expired', emoney_returned: true, updated_at: new Date() }).where('pcuid', '=', e.pcuid).execute();
      await refundEmoney(trx, e.pcuid);
    }
    const total = rows.reduce((s, r) => s + r.amountCents, 0);
    const emoney = input.useEmoney ? Math.min(total, Math.max(0, await emoneyBalanceCents(trx, actor.cuid))) : 0;
    const rest = total - emoney;
    await t.insertInto('payment_checkouts').values({
      pcuid, cuid: actor.cuid, tuids: JSON.stringify(rows.map((r) => r.tuid)), total_cents: total, emoney_cents: emoney, provider_cents: rest,
      provider: rest === 0 ? 'emoney' : deps.provider.name, provider_session_id: null, provider_payment_id: null, checkout_url: null,
      payment_method: rest === 0 ? 'emoney' : null, status: rest === 0 ? 'completed' : 'open',
    }).execute();
    if (emoney > 0) await debitEmoney(trx, actor.cuid, pcuid, emoney, M.emoneyDebitNote);
    if (rest === 0) {
      await completeTransactions(trx, rows, { pcuid, emoney: splitEmoney(rows.map((r) => r.amountCents), emoney), provider: 'emoney', method: 'emoney' });
    } else {
      await t.updateTable('transactions').set({ provider_order_id: pcuid }).where('tuid', 'in', rows.map((r) => r.tuid)).execute();
    }
    const email = await sql<{ email: string | null }>`SELECT email FROM clients WHERE cuid = ${actor.cuid}`.execute(trx);
    return { rows, total, emoney, rest, email: email.rows[0]?.email ?? null };
  });
  if (prepared.rest === 0) return { status: 'completed', checkout_url: null, total_cents: prepared.total, emoney_cents: prepared.emoney, provider_cents: 0 };

  const back = input.returnPath && input.returnPath.startsWith('/') && !input.returnPath.startsWith('//') ? input.returnPath : '/pagos';
  const sep = back.includes('?') ? '&' : '?';
  let session;
  try {
    session = await deps.provider.createCheckout({
      reference: pcuid, cuid: actor.cuid, customerEmail: prepared.email, amountCents: prepared.rest,
      description: prepared.rows.length === 1 ? (prepared.rows[0]!.description ?? M.checkoutItemName(1)) : M.checkoutItemName(prepared.rows.length),
      successUrl: `${deps.publicUrl}${back}${sep}pago=ok`, cancelUrl: `${deps.publicUrl}${back}${sep}pago=cancelado`,
    });
  } catch (error) {
    await deps.database.db.transaction().execute(async (trx) => {
      await paymentTables(trx).updateTable('payment_checkouts').set({ status: 'failed', emoney_returned: true, updated_at: new Date() }).where('pcuid', '=', pcuid).execute();
      await refundEmoney(trx, pcuid);
    });
    throw error;
  }
  await deps.database.db.transaction().execute(async (trx) => {
    const t = paymentTables(trx);
    await t.updateTable('payment_checkouts').set({ provider_session_id: session.sessionId, checkout_url: session.url, updated_at: new Date() }).where('pcuid', '=', pcuid).execute();
    await t.updateTable('transactions').set({ provider_checkout_id: session.sessionId, provider: deps.provider.name })
      .where('tuid', 'in', prepared.rows.map((r) => r.tuid)).where('provider_order_id', '=', pcuid).execute();
  });
  return { status: 'redirect', checkout_url: session.url, total_cents: prepared.total, emoney_cents: prepared.emoney, provider_cents: prepared.rest };
}
