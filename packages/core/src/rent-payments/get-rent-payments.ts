import { sql } from 'kysely';
import type { TRentPayments } from '@nj/contracts';
import { RENT_PAYMENTS_MESSAGES as M } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import { transactionsRepository } from '../payments/transactions-repository.ts';
import { isClient, type Actor } from '../policies/actor.ts';
import { authorize } from '../policies/policy.ts';
import { rentPaymentsPolicy } from '../policies/rent-payments.ts';
import { rentInvitationsRepository } from '../rent-guarantors/rent-invitations-repository.ts';
import { dayInZone } from '../rents/zoned-time.ts';
import { escrowLabelKey } from './escrow-machine.ts';
import { rentPaymentTables } from './rent-payments-tables.ts';
import { RENT_PAYMENTS_ZONE } from './start-rent-payments.ts';

/**
 * The payments of rent `ruid` as one of its parties sees them (issue 13 'Payments'; decision 024): the schedule
 * (each transaction with its status, due day, period and where its money is), the payouts out of custody (amount,
 * reason, status — never any bank data), totals paid and pending. Amounts are integer centavos MXN.
 * Before the last signature the schedule is empty (`started` false).
 * @throws AppError UNAUTHORIZED (not signed in); NOT_FOUND 'No encontramos los pagos de esta renta' for an unknown rent or anyone
 *   who is not its renter, owner or accepted second renter
 */
export async function getRentPayments(database: Database, actor: Actor, ruid: string): Promise<TRentPayments> {
  authorize(actor, rentPaymentsPolicy, 'read');
  const rent = await database.db.selectFrom('rents').select(['ruid', 'renter_cuid', 'owner_cuid']).where('ruid', '=', ruid).executeTakeFirst();
  if (!rent) throw new AppError('NOT_FOUND', M.notFound);
  const members = await rentInvitationsRepository.acceptedMembers(database, ruid);
  const secondRenterCuid = members.find((m) => m.role === 'second_renter')?.cuid ?? null;
  authorize(actor, rentPaymentsPolicy, 'read', { renter_cuid: rent.renter_cuid, owner_cuid: rent.owner_cuid, second_renter_cuid: secondRenterCuid });
  const role = isClient(actor, rent.renter_cuid) ? 'renter' as const : isClient(actor, rent.owner_cuid) ? 'owner' as const : 'second_renter' as const;

  const t = rentPaymentTables(database);
  const escrow = await t.selectFrom('rent_escrows').selectAll().where('ruid', '=', ruid).executeTakeFirst();
  const items = await t.selectFrom('rent_escrow_items')
    .select(['tuid', 'kind', 'period', 'prorated', 'amount_cents', 'state', 'released_cents', 'returned_cents',
      sql<string>`to_char(period_from, 'YYYY-MM-DD')`.as('period_from'), sql<string>`to_char(period_to, 'YYYY-MM-DD')`.as('period_to')])
    .where('ruid', '=', ruid).execute();
  const byTuid = new Map(items.map((i) => [i.tuid, i]));
  const transactions = (await transactionsRepository.listByRent(database, ruid)).filter((tx) => byTuid.has(tx.tuid));
  const payouts = await sql<{ pouid: string; cuid: string; reason: 'rent_release' | 'deposit_release' | 'deposit_return'; amount_cents: string; status: string; created_at: Date }>`
    SELECT pouid, cuid, reason, amount_cents, status, created_at FROM payouts WHERE ruid = ${ruid} ORDER BY created_at, pouid`.execute(database.db);

  const list = transactions.map((tx) => {
    const item = byTuid.get(tx.tuid)!;
    const released = Number(item.released_cents);
    return {
      tuid: tx.tuid, ttype: tx.ttype as 'safe_deposit' | 'rent', kind: item.kind, period: item.period, period_from: item.period_from,
      period_to: item.period_to, prorated: item.prorated, description: tx.description ?? '', amount_cents: tx.amountCents,
      due_day: tx.duedate ? dayInZone(tx.duedate.getTime(), RENT_PAYMENTS_ZONE) : item.period_from, tstatus: tx.tstatus,
      paid_at: tx.paidAt?.toISOString() ?? null, escrow_state: item.state,
      escrow_label: escrowLabelKey({ kind: item.kind, state: item.state, releasedCents: released }),
      released_cents: released, returned_cents: Number(item.returned_cents),
    };
  }).sort((a, b) => a.due_day.localeCompare(b.due_day) || a.period - b.period || (a.kind === 'deposit' ? -1 : 1));
  return {
    ruid, role, started: escrow?.payments_started_at != null, can_pay: role === 'renter',
    handover_at: escrow?.handover_at ? new Date(escrow.handover_at).toISOString() : null,
    moveout_at: escrow?.moveout_at ? new Date(escrow.moveout_at).toISOString() : null,
    deduction_cents: escrow?.deduction_cents != null ? Number(escrow.deduction_cents) : null,
    items: list,
    payouts: payouts.rows.map((p) => ({
      pouid: p.pouid, to: p.cuid === rent.owner_cuid ? 'owner' as const : 'renter' as const, reason: p.reason,
      amount_cents: Number(p.amount_cents), status: p.status, created_at: new Date(p.created_at).toISOString(),
    })),
    paid_cents: list.filter((i) => i.tstatus === 'completed').reduce((s, i) => s + i.amount_cents, 0),
    pending_cents: list.filter((i) => i.tstatus !== 'completed').reduce((s, i) => s + i.amount_cents, 0),
  };
}
