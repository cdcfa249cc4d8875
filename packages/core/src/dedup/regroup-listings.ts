import type { Kysely } from 'kysely';
import type { Database } from '@nj/db';
import type { ExchangeRates } from '../properties/exchange-rates.ts';
import { dedupRepository } from './dedup-repository.ts';
import { DUP_DISTANCE_M } from './duplicate-rule.ts';
import { groupDuplicates, type DupAssignment } from './group-duplicates.ts';

/** How far around the changed listings (and their old groups) the neighbourhood is read, in metres. */
const NEIGHBOURHOOD_M = DUP_DISTANCE_M * 10;
/** Most times the set of listings to regroup is widened by groups it pulled members from. */
const MAX_ROUNDS = 4;

type Position = { puid: string; lat: number; lng: number; dup_group: string | null };

/** The bbox NEIGHBOURHOOD_M around a point (degrees). */
function boxAround(p: { lat: number; lng: number }) {
  const dLat = NEIGHBOURHOOD_M / 111_320;
  const dLng = NEIGHBOURHOOD_M / (111_320 * Math.max(0.2, Math.cos((Math.abs(p.lat) * Math.PI) / 180)));
  return { north: p.lat + dLat, south: p.lat - dLat, east: p.lng + dLng, west: p.lng - dLng };
}

/**
 * Regroups the neighbourhoods of some changed listings together (issue 16; decision 034: incremental). The
 * listings to settle are the changed ones and the members of their old groups; the active listings within
 * NEIGHBOURHOOD_M (800 m) of any of them are read in one query and grouped in one pass. When a group found there
 * takes a member from another old group, that group's members join the listings to settle and the neighbourhood is
 * read again (at most MAX_ROUNDS times; a longer chain is completed by the nightly full run). The groups holding a
 * listing to settle are written; a listing to settle in no group (or no longer active) leaves its group. All writes
 * (and `inTransaction`, e.g. clearing the queue entries handled) happen in one transaction.
 * @param puids changed listings (any status; unknown ones are ignored)
 * @param inTransaction run inside the write transaction after the writes
 * @returns rows written
 * @throws the database's errors
 */
export async function regroupListings(
  database: Database, rates: ExchangeRates, puids: string[], inTransaction?: (trx: Kysely<any>) => Promise<void>,
): Promise<number> {
  const { db } = database;
  const known = new Map<string, Position>();
  const settle = new Set<string>();
  /** Adds listings to settle, with the members of their old groups; returns whether any was new. */
  const widen = async (more: Iterable<string>): Promise<boolean> => {
    const fresh = [...new Set(more)].filter((p) => !settle.has(p));
    if (!fresh.length) return false;
    for (const p of fresh) settle.add(p);
    for (;;) {
      const unknown = [...settle].filter((p) => !known.has(p));
      for (const r of await dedupRepository.positions(db, unknown)) known.set(r.puid, { ...r, lat: Number(r.lat), lng: Number(r.lng) });
      for (const p of unknown) if (!known.has(p)) settle.delete(p); // deleted meanwhile
      const oldGroups = [...new Set([...settle].map((p) => known.get(p)?.dup_group).filter((g): g is string => !!g))];
      const members = (await dedupRepository.membersOf(db, oldGroups)).filter((p) => !settle.has(p));
      if (!members.length) return true;
      for (const p of members) settle.add(p);
    }
  };
  await widen(puids);
  let groups = new Map<string, DupAssignment>();
  let groupIds = new Set<string>();
  for (let round = 0; round < MAX_ROUNDS && settle.size; round++) {
    const around = await dedupRepository.activeCandidatesInAny(db, [...settle].map((p) => boxAround(known.get(p)!)));
    groups = groupDuplicates(around, rates);
    groupIds = new Set([...settle].map((p) => groups.get(p)?.group).filter((g): g is string => !!g));
    // Members of the groups to write that are not settled yet may leave other old groups: settle those too.
    const joining = [...groups].filter(([p, a]) => groupIds.has(a.group) && !settle.has(p)).map(([p]) => p);
    if (!(await widen(joining))) break;
  }
  const writes: { puid: string; group: string | null; hidden: boolean }[] = [];
  for (const [p, a] of groups) if (groupIds.has(a.group)) writes.push({ puid: p, group: a.group, hidden: a.hidden });
  for (const p of settle) if (!groups.has(p) || !groupIds.has(groups.get(p)!.group)) writes.push({ puid: p, group: null, hidden: false });
  return db.transaction().execute(async (trx) => {
    const written = writes.length ? await dedupRepository.write(trx, writes) : 0;
    if (inTransaction) await inTransaction(trx);
    return written;
  });
}
