import { describe, expect, it } from 'vitest';
import { escrowLabelKey, nextEscrow, type EscrowEvent, type EscrowFacts, type EscrowItem } from './escrow-machine.ts';
import type { EscrowKind, EscrowState } from './rent-payments-tables.ts';

const KINDS: EscrowKind[] = ['deposit', 'first_rent', 'rent'];
const STATES: EscrowState[] = ['awaiting_payment', 'held', 'released', 'returned'];
const EVENTS: EscrowEvent[] = [{ type: 'paid' }, { type: 'handover' }, { type: 'moveout', deductionCents: 0 }, { type: 'moveout', deductionCents: 30_000 }, { type: 'moveout', deductionCents: 999_999_999 }];
const FACTS: EscrowFacts[] = [
  { handover: false, moveout: null }, { handover: true, moveout: null },
  { handover: true, moveout: { deductionCents: 0 } }, { handover: true, moveout: { deductionCents: 50_000 } },
];
const AMOUNT = 100_000;

describe('nextEscrow: every kind × state × facts × event', () => {
  for (const kind of KINDS) for (const state of STATES) for (const facts of FACTS) for (const event of EVENTS) {
    const item: EscrowItem = { kind, state, amountCents: AMOUNT };
    it(`${kind} ${state} ${JSON.stringify(facts)} ${JSON.stringify(event)}`, () => {
      const out = nextEscrow(item, facts, event);
      // money conservation: what leaves the platform never exceeds the amount, and a final state accounts for all of it
      expect(out.releasedCents + out.returnedCents).toBeLessThanOrEqual(AMOUNT);
      expect(out.payouts.reduce((s, p) => s + p.amountCents, 0)).toBe(out.releasedCents + out.returnedCents);
      if (out.changed && (out.state === 'released' || out.state === 'returned')) expect(out.releasedCents + out.returnedCents).toBe(AMOUNT);
      // final states never move and never pay twice
      if (state === 'released' || state === 'returned') return void expect(out).toMatchObject({ state, changed: false, payouts: [] });
      // nothing happens to unpaid money except its payment
      if (state === 'awaiting_payment' && event.type !== 'paid') return void expect(out).toMatchObject({ state: 'awaiting_payment', changed: false, payouts: [] });
      const handover = facts.handover || event.type === 'handover';
      const moveout = facts.moveout ?? (event.type === 'moveout' ? { deductionCents: event.deductionCents } : null);
      if (kind === 'rent') {
        expect(out).toMatchObject({ state: 'released', payouts: [{ to: 'owner', amountCents: AMOUNT, reason: 'rent_release' }] });
      } else if (kind === 'first_rent') {
        if (handover) expect(out).toMatchObject({ state: 'released', payouts: [{ to: 'owner', amountCents: AMOUNT, reason: 'rent_release' }] });
        else expect(out).toMatchObject({ state: 'held', payouts: [], changed: state !== 'held' });
      } else if (!moveout) {
        expect(out).toMatchObject({ state: 'held', payouts: [], changed: state !== 'held' });
      } else {
        const deduction = Math.min(moveout.deductionCents, AMOUNT);
        expect(out.returnedCents).toBe(AMOUNT - deduction);
        expect(out.releasedCents).toBe(deduction);
        expect(out.state).toBe(deduction === AMOUNT ? 'released' : 'returned');
        expect(out.payouts.find((p) => p.to === 'renter')?.reason ?? 'deposit_return').toBe('deposit_return');
        expect(out.payouts.find((p) => p.to === 'owner')?.reason ?? 'deposit_release').toBe('deposit_release');
      }
    });
  }
});

describe('escrow stories', () => {
  it('handover before payment: the first month is released as soon as it is paid', () => {
    const facts: EscrowFacts = { handover: true, moveout: null };
    expect(nextEscrow({ kind: 'first_rent', state: 'awaiting_payment', amountCents: 5 }, facts, { type: 'paid' }).state).toBe('released');
  });
  it('a second move-out keeps the first deduction (the deposit is already settled)', () => {
    const first = nextEscrow({ kind: 'deposit', state: 'held', amountCents: 100 }, { handover: true, moveout: null }, { type: 'moveout', deductionCents: 40 });
    expect(first).toMatchObject({ state: 'returned', returnedCents: 60, releasedCents: 40 });
    expect(nextEscrow({ kind: 'deposit', state: first.state, amountCents: 100 }, { handover: true, moveout: { deductionCents: 40 } }, { type: 'moveout', deductionCents: 0 }).changed).toBe(false);
  });
  it('a negative or fractional deduction is clamped and rounded down', () => {
    expect(nextEscrow({ kind: 'deposit', state: 'held', amountCents: 100 }, { handover: true, moveout: null }, { type: 'moveout', deductionCents: -5 })).toMatchObject({ returnedCents: 100, releasedCents: 0 });
    expect(nextEscrow({ kind: 'deposit', state: 'held', amountCents: 100 }, { handover: true, moveout: null }, { type: 'moveout', deductionCents: 10.9 })).toMatchObject({ returnedCents: 90, releasedCents: 10 });
  });
  it('labels', () => {
    expect(escrowLabelKey({ kind: 'deposit', state: 'held', releasedCents: 0 })).toBe('held_deposit');
    expect(escrowLabelKey({ kind: 'first_rent', state: 'held', releasedCents: 0 })).toBe('held_first_rent');
    expect(escrowLabelKey({ kind: 'deposit', state: 'returned', releasedCents: 3 })).toBe('returned_partly');
    expect(escrowLabelKey({ kind: 'deposit', state: 'returned', releasedCents: 0 })).toBe('returned');
    expect(escrowLabelKey({ kind: 'rent', state: 'released', releasedCents: 3 })).toBe('released');
  });
});
