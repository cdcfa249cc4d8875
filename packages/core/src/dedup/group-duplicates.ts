import type { ExchangeRates } from '../properties/exchange-rates.ts';
import { compareRepresentatives, DUP_DISTANCE_M, isDuplicatePair, type DupCandidate } from './duplicate-rule.ts';

/** Grid cell size in metres: larger than DUP_DISTANCE_M, so a pair within it is always in neighbouring cells. */
const CELL_M = 100;
const M_PER_DEG_LAT = 111_320;

/** One listing's place in the grouping: its group (the representative's puid) and whether its card is hidden. */
export type DupAssignment = { group: string; hidden: boolean };

/**
 * Cell width in degrees of longitude: CELL_M at latitude 75°, so a cell is at least CELL_M wide wherever a listing
 * can be (one width for every row keeps neighbouring rows aligned; in Mexico a cell is ~280 m wide).
 */
const CELL_DEG_LNG = CELL_M / (M_PER_DEG_LAT * Math.cos((75 * Math.PI) / 180));

function cellOf(c: DupCandidate): [number, number] {
  return [Math.floor(c.lng / CELL_DEG_LNG), Math.floor((c.lat * M_PER_DEG_LAT) / CELL_M)];
}

/**
 * Groups duplicate listings (decision 034): every pair passing isDuplicatePair is joined, and groups are the
 * connected components (union-find). Pairs are only tried inside a spatial grid (cells CELL_M tall and at least
 * CELL_M wide up to latitude 75°), each point against the points of its own and the 8 neighbouring cells, so the
 * work grows with the listings and their local density, never with n².
 * @param candidates active listings (any order)
 * @returns puid → { group: the representative's puid (compareRepresentatives), hidden: not the representative },
 *   only for listings in a group of two or more
 */
export function groupDuplicates(candidates: readonly DupCandidate[], rates: ExchangeRates): Map<string, DupAssignment> {
  if (CELL_M <= DUP_DISTANCE_M) throw new Error('groupDuplicates: cell smaller than the distance');
  const parent = new Int32Array(candidates.length).map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  const cells = new Map<number, number[]>();
  /** One number per cell (both indexes are far below 300,000 in magnitude). */
  const cellKey = (cx: number, cy: number) => (cx + 300_000) * 1_000_000 + (cy + 300_000);
  const at: [number, number][] = [];
  candidates.forEach((c, i) => {
    const cell = cellOf(c);
    at.push(cell);
    if (c.approximate) return;
    const key = cellKey(cell[0], cell[1]);
    const list = cells.get(key);
    if (list) list.push(i);
    else cells.set(key, [i]);
  });
  candidates.forEach((a, i) => {
    if (a.approximate) return;
    const [cx, cy] = at[i]!;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const list = cells.get(cellKey(cx + dx, cy + dy));
        if (!list) continue;
        for (const j of list) {
          if (j <= i) continue;
          if (find(i) === find(j)) continue;
          if (isDuplicatePair(a, candidates[j]!, rates)) parent[find(j)] = find(i);
        }
      }
    }
  });
  const members = new Map<number, number[]>();
  for (let i = 0; i < candidates.length; i++) {
    const root = find(i);
    const list = members.get(root);
    if (list) list.push(i);
    else members.set(root, [i]);
  }
  const out = new Map<string, DupAssignment>();
  for (const list of members.values()) {
    if (list.length < 2) continue;
    const rep = list.map((i) => candidates[i]!).sort(compareRepresentatives)[0]!;
    for (const i of list) {
      const c = candidates[i]!;
      out.set(c.puid, { group: rep.puid, hidden: c.puid !== rep.puid });
    }
  }
  return out;
}
