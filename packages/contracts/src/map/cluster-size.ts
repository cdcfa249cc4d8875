/**
 * Diameter in CSS pixels of a cluster circle on the listing map: grows with the log of its count, 30 px for 1,
 * 50 px for 100, at most 64 px. The map draws it (web modules/map) and the search merges clusters that would
 * overlap with it (core search/group-clusters.ts), so both read this one rule.
 */
export function clusterDiameterPx(count: number): number {
  return Math.round(Math.min(64, 30 + Math.log10(Math.max(1, count)) * 10));
}

/** Most listings a same-point group lists by name (price and link); the rest are counted. */
export const SAME_POINT_MEMBERS_MAX = 50;
