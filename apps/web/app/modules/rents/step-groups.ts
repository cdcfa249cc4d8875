import { RENT_STEP_LABELS } from '@nj/contracts/rents/messages';
import type { TRentSummary } from '@nj/contracts/rents/schemas';

/** The rents of one step: its label and colour (spec 03 §4) and the rents, in the list's order. */
export type StepGroup = { step: string; label: string; color: string; rents: TRentSummary[] };

const ORDER = Object.keys(RENT_STEP_LABELS);

/**
 * Rents grouped by step, in the process's order (spec 03 §4: hello, appt_requested, …); both discard steps share the
 * label 'Descartada' and stay separate groups only if their labels differ (they do not: one group). Unknown steps
 * come last.
 */
export function groupByStep(rents: TRentSummary[]): StepGroup[] {
  const byKey = new Map<string, StepGroup>();
  for (const r of rents) {
    const key = r.stepLabel ? `${r.stepLabel}|${r.stepColor}` : r.step;
    let group = byKey.get(key);
    if (!group) {
      group = { step: r.step, label: r.stepLabel, color: r.stepColor, rents: [] };
      byKey.set(key, group);
    }
    group.rents.push(r);
  }
  const rank = (step: string) => {
    const i = ORDER.indexOf(step);
    return i < 0 ? ORDER.length : i;
  };
  return [...byKey.values()].sort((a, b) => rank(a.step) - rank(b.step));
}
