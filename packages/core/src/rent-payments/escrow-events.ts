import type { Kysely } from 'kysely';
import { schedulePayout } from '../payouts/schedule-payout.ts';
import { transactionsRepository } from '../payments/transactions-repository.ts';
import { nextEscrow, type EscrowEvent, type EscrowFacts } from './escrow-machine.ts';
import { rentPaymentTables } from './rent-payments-tables.ts';

/** Writes rent `ruid`'s escrow row when it has none yet (facts may arrive before payments start). */
export async function ensureEscrowRow(trx: Kysely<any>, ruid: string): Promise<void> {
  await rentPaymentTables(trx).insertInto('rent_escrows').values({
    ruid, payments_started_at: null, handover_at: null, moveout_at: null, deduction_cents: null, deduction_reason: null,
  }).onConflict((oc) => oc.column('ruid').doNothing()).execute();
}

/** What one event did: items whose state changed and the payouts scheduled (pouids). */
export type EscrowEventResult = { changed: number; payouts: string[] };

/**
 * Applies `event` to rent `ruid`'s escrow in `trx` (decision 024; the rules are escrow-machine.ts): records the
 * handover or move-out (the first one counts; later ones keep it), moves each affected item (for 'paid', the items of
 * `tuids` whose transaction is completed; otherwise every item of the rent) and schedules each release or return with
 * the payouts part's `schedulePayout` (to the owner or the renter, with the item's transaction as source).
 * The rent's escrow row is locked FOR UPDATE first, so two events of one rent apply one after the other.
 * Replays do nothing (final states never move; schedulePayout is idempotent too).
 * @throws Error when the rent does not exist (a moved or deleted rent: the job fails and says so)
 */
export async function applyEscrowEvent(trx: Kysely<any>, ruid: string, event: EscrowEvent & { reason?: string }, tuids: string[] = []): Promise<EscrowEventResult> {
  const t = rentPaymentTables(trx);
  const rent = await trx.selectFrom('rents').select(['renter_cuid', 'owner_cuid']).where('ruid', '=', ruid).executeTakeFirst() as { renter_cuid: string; owner_cuid: string } | undefined;
  if (!rent) throw new Error(`escrow: rent ${ruid} not found`);
  await ensureEscrowRow(trx, ruid);
  const row = await t.selectFrom('rent_escrows').selectAll().where('ruid', '=', ruid).forUpdate().executeTakeFirstOrThrow();
  const facts: EscrowFacts = {
    handover: row.handover_at !== null,
    moveout: row.moveout_at !== null ? { deductionCents: Number(row.deduction_cents ?? 0) } : null,
  };
  if (event.type === 'handover' && !facts.handover) {
    await t.updateTable('rent_escrows').set({ handover_at: new Date() }).where('ruid', '=', ruid).execute();
  }
  if (event.type === 'moveout' && !facts.moveout) {
    const deduction = Number.isFinite(event.deductionCents) ? Math.max(0, Math.floor(event.deductionCents)) : 0;
    await t.updateTable('rent_escrows').set({ moveout_at: new Date(), deduction_cents: deduction, deduction_reason: event.reason ?? null })
      .where('ruid', '=', ruid).execute();
  }

  let query = t.selectFrom('rent_escrow_items').selectAll().where('ruid', '=', ruid);
  if (event.type === 'paid') {
    if (tuids.length === 0) return { changed: 0, payouts: [] };
    query = query.where('tuid', 'in', tuids);
  }
  const items = await query.orderBy('period').orderBy('tuid').execute();
  const result: EscrowEventResult = { changed: 0, payouts: [] };
  for (const item of items) {
    if (event.type === 'paid') {
      const tx = await transactionsRepository.findByTuid(trx, item.tuid);
      if (!tx || tx.tstatus !== 'completed') continue;
    }
    const out = nextEscrow({ kind: item.kind, state: item.state, amountCents: Number(item.amount_cents) }, facts, event);
    if (!out.changed) continue;
    const pouids: string[] = [];
    for (const p of out.payouts) {
      pouids.push(await schedulePayout(trx, {
        cuid: p.to === 'owner' ? rent.owner_cuid : rent.renter_cuid, ruid, amountCents: p.amountCents, reason: p.reason, sourceTuids: [item.tuid],
      }));
    }
    await t.updateTable('rent_escrow_items').set({
      state: out.state, released_cents: Number(item.released_cents) + out.releasedCents, returned_cents: Number(item.returned_cents) + out.returnedCents,
      payout_ids: [item.payout_ids, ...pouids].filter(Boolean).join(','), updated_at: new Date(),
    }).where('tuid', '=', item.tuid).execute();
    result.changed += 1;
    result.payouts.push(...pouids);
  }
  return result;
}
