import { planMonths } from '@nj/contracts';
import { agenciesRepository } from './agencies-repository.ts';
import { agencyTables, type AgencyDb } from './agencies-tables.ts';

/** `date` plus `months` calendar months (the day clamped to the month's last). */
export function addMonths(date: Date, months: number): Date {
  const d = new Date(date);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/**
 * The effect of paid plan orders (issue 15; decision 028), called by payments' completeTransactions inside the
 * transaction that marks `tuids` completed (webhook or e-money), so seats are granted exactly when, and once, the
 * payment is: for each order of those transactions not yet granted, the agency gets the order's plan, seats and
 * annual flag; the period (1 or 12 months) starts at the current expiry when the plan is still in force and the same
 * (a renewal), else now. Transactions without an order (other owner plans) are left alone.
 * @returns how many orders were granted
 */
export async function grantAgencyPlans(trx: AgencyDb, tuids: string[]): Promise<number> {
  if (tuids.length === 0) return 0;
  const t = agencyTables(trx);
  const orders = await t.selectFrom('agency_plan_orders').selectAll().where('tuid', 'in', tuids).where('granted_at', 'is', null).forUpdate().execute();
  const now = new Date();
  for (const o of orders) {
    const agency = await agenciesRepository.find(trx, o.auid, true);
    if (!agency) continue;
    const inForce = agency.plan === o.plan && agency.plan_expires_at && agency.plan_expires_at > now;
    const from = inForce ? agency.plan_expires_at! : now;
    await agenciesRepository.update(trx, o.auid, { plan: o.plan, seats: o.seats, is_anual: o.is_anual, plan_expires_at: addMonths(from, planMonths(o.is_anual)) });
    await t.updateTable('agency_plan_orders').set({ granted_at: now }).where('tuid', '=', o.tuid).execute();
  }
  return orders.length;
}
