import type { Database } from '@nj/db';
import type { ExchangeRates } from '../properties/exchange-rates.ts';
import { dedupRepository } from './dedup-repository.ts';
import { DUP_DISTANCE_M } from './duplicate-rule.ts';
import { groupDuplicates } from './group-duplicates.ts';

/** How far around the changed listings (and their old groups) the neighbourhood is read, in metres. */
const NEIGHBOURHOOD_M = DUP_DISTANCE_M * 10;

/**
 * Regroups the neighbourhood of some changed listings (issue 16; decision 034: incremental): reads the active
 * listings within NEIGHBOURHOOD_M (800 m) of each changed listing and of the members of its old group, groups them,
 * and writes the groups that hold a changed listing or a member of its old group (others are left as the full
 * grouping made them; a chain of duplicates longer than 10 hops can only be completed by the full run). A listing
 * no longer active leaves its group. Listings are handled one neighbourhood at a time.
 * @param puids changed listings (any status; unknown ones are ignored)
 * @returns rows written
 * @throws the database's errors
 */
export async function regroupListings(database: Database, rates: ExchangeRates, puids: string[]): Promise<number> {
  const { db } = database;
  let written = 0;
  const done = new Set<string>();
  for (const puid of puids) {
    if (done.has(puid)) continue;
    const [self] = await dedupRepository.positions(db, [puid]);
    if (!self) continue;
    const oldMembers = self.dup_group ? await dedupRepository.membersOf(db, [self.dup_group]) : [];
    const anchors = await dedupRepository.positions(db, [...new Set([puid, ...oldMembers])]);
    const dLat = NEIGHBOURHOOD_M / 111_320;
    const lats = anchors.map((a) => a.lat);
    const lngs = anchors.map((a) => a.lng);
    const dLng = NEIGHBOURHOOD_M / (111_320 * Math.max(0.2, Math.cos((Math.max(...lats.map(Math.abs)) * Math.PI) / 180)));
    const around = await dedupRepository.activeCandidatesIn(db, {
      north: Math.max(...lats) + dLat, south: Math.min(...lats) - dLat, east: Math.max(...lngs) + dLng, west: Math.min(...lngs) - dLng,
    });
    const groups = groupDuplicates(around, rates);
    // The groups to write: those of the changed listing and of its old members; the old members themselves.
    const touched = new Set<string>([puid, ...oldMembers]);
    const groupIds = new Set<string>();
    for (const p of touched) {
      const g = groups.get(p);
      if (g) groupIds.add(g.group);
    }
    const writes: { puid: string; group: string | null; hidden: boolean }[] = [];
    for (const [p, a] of groups) if (groupIds.has(a.group)) writes.push({ puid: p, group: a.group, hidden: a.hidden });
    // Members of the new groups may have belonged to other groups: those groups' remaining members are regrouped too.
    const inWrites = new Set(writes.map((w) => w.puid));
    const previous = await dedupRepository.positions(db, [...inWrites]);
    const strayGroups = [...new Set(previous.map((p) => p.dup_group).filter((g): g is string => g !== null && !groupIds.has(g)))];
    for (const p of await dedupRepository.membersOf(db, strayGroups)) touched.add(p);
    for (const p of touched) {
      if (inWrites.has(p)) continue;
      const g = groups.get(p);
      writes.push(g ? { puid: p, group: g.group, hidden: g.hidden } : { puid: p, group: null, hidden: false });
    }
    written += await db.transaction().execute((trx) => dedupRepository.write(trx, writes));
    for (const w of writes) done.add(w.puid);
  }
  return written;
}
