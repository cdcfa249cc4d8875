import type { TAlsoOn } from '@nj/contracts/dedup/schemas';

/**
 * The other listings of a home as 'También en…' names them (issue 16; decision 034): each source name once, with
 * the first listing of that source (its link), in the given order; two Inmuebles24 copies of one home read
 * 'También en Inmuebles24', not 'Inmuebles24, Inmuebles24'. Takes the group's other listings; returns a new array.
 */
export function onePerSource(others: readonly TAlsoOn[]): TAlsoOn[] {
  const seen = new Set<string>();
  return others.filter((o) => {
    if (seen.has(o.source_name)) return false;
    seen.add(o.source_name);
    return true;
  });
}
