import type { Database } from '@nj/db';
import { PAYMENTS_PAGE_SIZE, type TPayment, type TPaymentsPage } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { emoneyBalanceCents } from './emoney-payments.ts';
import { transactionsRepository, type TransactionRow } from './transactions-repository.ts';

/** A transaction as the payments list shows it (centavos, ISO dates). */
export function presentPayment(r: TransactionRow): TPayment {
  return {
    tuid: r.tuid, ttype: r.ttype, tstatus: r.tstatus, amount_cents: r.amountCents, emoney_used_cents: r.emoneyUsedCents,
    description: r.description, ruid: r.ruid, duedate: r.duedate ? new Date(r.duedate).toISOString() : null,
    created_at: new Date(r.createdAt).toISOString(), paid_at: r.paidAt ? new Date(r.paidAt).toISOString() : null,
    payment_method: r.paymentMethod, has_receipt: r.tstatus === 'completed',
  };
}

/**
 * GET /api/v1/client/payments?page (spec 03 §7): the signed-in client's transactions (as payer), newest first,
 * PAYMENTS_PAGE_SIZE (10) a page, the total count and the e-money balance (centavos).
 * @throws AppError UNAUTHORIZED for a visitor or anonymous client
 */
export async function listClientPayments(deps: { database: Database }, input: { actor: Actor; page: number }): Promise<TPaymentsPage> {
  if (input.actor.kind !== 'registered') throw new AppError('UNAUTHORIZED');
  const { rows, total } = await transactionsRepository.listByClient(deps.database, input.actor.cuid, input.page, PAYMENTS_PAGE_SIZE);
  return {
    items: rows.map(presentPayment), page: input.page, page_size: PAYMENTS_PAGE_SIZE, total,
    emoney_cents: await emoneyBalanceCents(deps.database, input.actor.cuid),
  };
}
