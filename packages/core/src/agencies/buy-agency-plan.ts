import type { Database } from '@nj/db';
import { AGENCY_MESSAGES as M, AGENCY_PLAN_DETAILS, planPriceCents, type AgencyPlan, type TCheckoutResult } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import { startCheckout } from '../payments/start-checkout.ts';
import { transactionsRepository } from '../payments/transactions-repository.ts';
import { agenciesRepository } from './agencies-repository.ts';
import { agencyTables } from './agencies-tables.ts';
import { loadAgencyFor } from './agency-access.ts';

/** Where the payment provider sends the administrator back. */
export const PLAN_RETURN_PATH = '/agency-control-panel?tab=dashboard';

/**
 * POST /v1/agencies/{auid}/plans `{ plan, seats, is_anual }` and POST …/plans/renew `{ seats, is_anual }` (issue 15;
 * spec 03 §3 'Plan tiers', §7, §9; decision 028): the administrator buys (or renews: the current plan) `seats` agent
 * seats for one month or, annual, 12 months. One pending `owner_plan` transaction of planPriceCents (centavos MXN)
 * is created with its order (agency_plan_orders), then paid through the payment adapter's checkout (startCheckout,
 * e-money not used); the seats are granted when the transaction becomes completed (grantAgencyPlans).
 * @returns the checkout (`redirect` with the provider's URL)
 * @throws AppError UNAUTHORIZED; NOT_FOUND; FORBIDDEN 'Solo el administrador…'; BAD_REQUEST seats outside the plan's
 *   range or below the approved agents; CONFLICT 'Tu agencia todavía no tiene un plan para renovar…'; UNAVAILABLE when
 *   the provider is down
 */
export async function buyAgencyPlan(deps: { database: Database; provider: PaymentProvider; publicUrl: string }, input: {
  actor: Actor; auid: string; plan: AgencyPlan | 'renew'; seats: number; isAnual: boolean;
}): Promise<TCheckoutResult> {
  const tuid = await deps.database.db.transaction().execute(async (trx) => {
    const { agency } = await loadAgencyFor(trx, input.actor, input.auid, 'manage', true);
    const renewal = input.plan === 'renew';
    const plan = renewal ? agency.plan : input.plan as AgencyPlan;
    if (!plan) throw new AppError('CONFLICT', M.noPlanToRenew);
    const d = AGENCY_PLAN_DETAILS[plan];
    if (input.seats < d.minSeats || input.seats > d.maxSeats) throw new AppError('BAD_REQUEST', M.seatsInvalid(plan), { seats: M.seatsInvalid(plan) });
    const approved = await agenciesRepository.countApproved(trx, agency.auid);
    if (input.seats < approved) throw new AppError('BAD_REQUEST', M.seatsBelowApproved(approved), { seats: M.seatsBelowApproved(approved) });
    const amountCents = planPriceCents(plan, input.seats, input.isAnual);
    const [id] = await transactionsRepository.insertMany(trx, [{
      cuid: input.actor.cuid!, ruid: null, ttype: 'owner_plan', amountCents, duedate: new Date(), description: M.planDescription(plan, input.seats, input.isAnual),
    }]);
    await agencyTables(trx).insertInto('agency_plan_orders').values({
      tuid: id!, auid: agency.auid, cuid: input.actor.cuid!, plan, seats: input.seats, is_anual: input.isAnual, is_renewal: renewal, amount_cents: amountCents, granted_at: null,
    }).execute();
    return id!;
  });
  return startCheckout(deps, { actor: input.actor, tuids: [tuid], useEmoney: false, returnPath: PLAN_RETURN_PATH });
}
