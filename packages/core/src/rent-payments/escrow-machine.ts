import type { EscrowKind, EscrowState } from './rent-payments-tables.ts';

/**
 * The platform's custody of a lease's money (issue 13 'Payments'; decision 024). Pure: given one scheduled item,
 * what is known of the lease and one event, it says the item's next state and the payouts to schedule.
 *
 * - deposit (`safe_deposit`): awaiting_payment → held (paid) → at move-out: returned to the tenant minus the
 *   agreed deduction, which is released to the owner (state `returned`, or `released` when the deduction takes it
 *   all). Paid after the move-out: settled at once.
 * - first_rent (first month, paid with the deposit): awaiting_payment → held (paid) → released to the owner at the
 *   handover (move-in inventory confirmed by both); paid after the handover: released at once.
 * - rent (later months): awaiting_payment → released to the owner when paid.
 * - `released` and `returned` are final: nothing changes them again (events replayed are no-ops).
 */

/** What happened: a payment completed, the handover, or the move-out with the deposit's deduction (centavos). */
export type EscrowEvent = { type: 'paid' } | { type: 'handover' } | { type: 'moveout'; deductionCents: number };

/** What is known of the lease before the event. */
export type EscrowFacts = { handover: boolean; moveout: { deductionCents: number } | null };

/** One item as stored: kind, state and amount (centavos). */
export type EscrowItem = { kind: EscrowKind; state: EscrowState; amountCents: number };

/** A payout to schedule: to the owner or the tenant, centavos, and its reason (B's `schedulePayout`). */
export type EscrowPayout = { to: 'owner' | 'renter'; amountCents: number; reason: 'rent_release' | 'deposit_release' | 'deposit_return' };

/** The item after the event: its state, centavos released to the owner and returned to the tenant, new payouts. */
export type EscrowOutcome = { state: EscrowState; releasedCents: number; returnedCents: number; payouts: EscrowPayout[]; changed: boolean };

/** The facts after `event` (a second handover or move-out keeps the first one's values). */
export function applyFacts(facts: EscrowFacts, event: EscrowEvent): EscrowFacts {
  if (event.type === 'handover') return { ...facts, handover: true };
  if (event.type === 'moveout') return facts.moveout ? facts : { ...facts, moveout: { deductionCents: event.deductionCents } };
  return facts;
}

/**
 * The next state of `item` when `event` happens with `facts` known before it (rules in this file's header).
 * A deduction is clamped to 0..the deposit; a non-integer deduction is rounded down to a centavo.
 */
export function nextEscrow(item: EscrowItem, facts: EscrowFacts, event: EscrowEvent): EscrowOutcome {
  const unchanged: EscrowOutcome = { state: item.state, releasedCents: 0, returnedCents: 0, payouts: [], changed: false };
  if (item.state === 'released' || item.state === 'returned') return unchanged;
  const paid = item.state === 'held' || event.type === 'paid';
  if (!paid) return unchanged;
  const after = applyFacts(facts, event);
  const amount = item.amountCents;
  switch (item.kind) {
    case 'rent':
      return { state: 'released', releasedCents: amount, returnedCents: 0, payouts: [{ to: 'owner', amountCents: amount, reason: 'rent_release' }], changed: true };
    case 'first_rent':
      if (!after.handover) return { ...unchanged, state: 'held', changed: item.state !== 'held' };
      return { state: 'released', releasedCents: amount, returnedCents: 0, payouts: [{ to: 'owner', amountCents: amount, reason: 'rent_release' }], changed: true };
    case 'deposit': {
      if (!after.moveout) return { ...unchanged, state: 'held', changed: item.state !== 'held' };
      const raw = Math.floor(after.moveout.deductionCents);
      const deduction = Number.isFinite(raw) ? Math.min(Math.max(raw, 0), amount) : 0;
      const returned = amount - deduction;
      const payouts: EscrowPayout[] = [];
      if (returned > 0) payouts.push({ to: 'renter', amountCents: returned, reason: 'deposit_return' });
      if (deduction > 0) payouts.push({ to: 'owner', amountCents: deduction, reason: 'deposit_release' });
      return { state: returned > 0 ? 'returned' : 'released', releasedCents: deduction, returnedCents: returned, payouts, changed: true };
    }
  }
}

/** The label key of an item's custody for the page (contracts RENT_PAYMENTS_MESSAGES.escrowState). */
export function escrowLabelKey(item: { kind: EscrowKind; state: EscrowState; releasedCents: number }):
  'awaiting_payment' | 'held_first_rent' | 'held_deposit' | 'released' | 'returned' | 'returned_partly' {
  if (item.state === 'held') return item.kind === 'deposit' ? 'held_deposit' : 'held_first_rent';
  if (item.state === 'returned') return item.releasedCents > 0 ? 'returned_partly' : 'returned';
  return item.state;
}
