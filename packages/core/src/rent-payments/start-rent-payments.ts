import { sql, type Kysely } from 'kysely';
import { RENT_PAYMENTS_MESSAGES as M } from '@nj/contracts';
import { transactionsRepository } from '../payments/transactions-repository.ts';
import { dayInZone, zonedToUtc } from '../rents/zoned-time.ts';
import { buildRentSchedule, type ScheduledPayment } from './build-rent-schedule.ts';
import { enqueueRentReminders } from './rent-payment-reminders.ts';
import { ensureEscrowRow } from './escrow-events.ts';
import { rentPaymentTables } from './rent-payments-tables.ts';

/** The lease's days are Mexico City calendar days (spec 03: the product is for Mexico). */
export const RENT_PAYMENTS_ZONE = 'America/Mexico_City';

/** Midnight of `day` ('YYYY-MM-DD') in Mexico City: what `transactions.duedate` holds for a due day. */
export function dueInstant(day: string): Date {
  return zonedToUtc(day, '00:00', RENT_PAYMENTS_ZONE)!;
}

function monthName(day: string): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat('es-MX', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, 15)));
}

function shortDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('es-MX', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** The Spanish description of one scheduled payment ('Depósito en garantía', 'Renta de diciembre de 2026', …). */
export function describePayment(p: ScheduledPayment): string {
  if (p.ttype === 'safe_deposit') return M.depositDescription;
  return p.prorated ? M.proratedRentDescription(shortDay(p.from), shortDay(p.to)) : M.rentDescription(monthName(p.from));
}

/**
 * Starts the payments of rent `ruid` (interfaces.md seam 2; issue 13 'Payments'; decision 024). Called by the
 * contract part inside the transaction that moves the rent to `on_rent` (the last signature), with that transaction.
 * In it: builds the schedule from the accepted terms (build-rent-schedule.ts: deposit + first month due on the
 * signing day, then one rent a month), inserts the transactions through the payments repository (payer: the
 * renter; `ruid` set; pending), the escrow row and one escrow item per transaction, and enqueues the e-mail
 * reminders (three days before and on each due day, rent-payment-reminders.ts).
 * Idempotent: when the rent's payments already started (rent_escrows.payments_started_at), nothing happens.
 *
 * @param trx the caller's open transaction (Kysely)
 * @param ruid the rent
 * @param options.now the clock (tests); the signing day is its Mexico City day
 * @throws Error when the rent does not exist or has no price, first_day or last_day (the offer's rules make this
 *   impossible at on_rent; a programming error that rolls the caller's transaction back)
 */
export async function startRentPayments(trx: Kysely<any>, ruid: string, options: { now?: Date } = {}): Promise<void> {
  const now = options.now ?? new Date();
  const rent = (await sql<{ renter_cuid: string; owner_cuid: string; price: number | null; maintenance_fee: number | null; warranty_deposit: number; first_day: string | null; last_day: string | null }>`
    SELECT renter_cuid, owner_cuid, price, maintenance_fee, warranty_deposit,
           to_char(first_day, 'YYYY-MM-DD') AS first_day, to_char(last_day, 'YYYY-MM-DD') AS last_day
    FROM rents WHERE ruid = ${ruid} FOR UPDATE`.execute(trx)).rows[0];
  if (!rent) throw new Error(`startRentPayments: rent ${ruid} not found`);
  if (rent.price === null || !rent.first_day || !rent.last_day) throw new Error(`startRentPayments: rent ${ruid} has no price or lease days`);

  const t = rentPaymentTables(trx);
  await ensureEscrowRow(trx, ruid);
  const started = await t.updateTable('rent_escrows').set({ payments_started_at: now }).where('ruid', '=', ruid)
    .where('payments_started_at', 'is', null).returning('ruid').executeTakeFirst();
  if (!started) return;

  const schedule = buildRentSchedule({
    price: Number(rent.price), maintenanceFee: Number(rent.maintenance_fee ?? 0), depositMonths: Number(rent.warranty_deposit),
    firstDay: rent.first_day, lastDay: rent.last_day, startDay: dayInZone(now.getTime(), RENT_PAYMENTS_ZONE),
  });
  const tuids = await transactionsRepository.insertMany(trx, schedule.map((p) => ({
    cuid: rent.renter_cuid, ruid, ttype: p.ttype, amountCents: p.amountCents, duedate: dueInstant(p.dueDay), description: describePayment(p),
  })));
  await t.insertInto('rent_escrow_items').values(schedule.map((p, i) => ({
    tuid: tuids[i]!, ruid, kind: p.ttype === 'safe_deposit' ? 'deposit' as const : p.period === 0 ? 'first_rent' as const : 'rent' as const,
    period: p.period, period_from: p.from, period_to: p.to, prorated: p.prorated, amount_cents: p.amountCents, state: 'awaiting_payment' as const,
  }))).execute();
  await enqueueRentReminders(trx, ruid, [...new Set(schedule.map((p) => p.dueDay))], now);
}
