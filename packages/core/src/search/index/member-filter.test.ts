import { describe, expect, it } from 'vitest';
import { PropertyIndex, type IndexQuery, type IndexRow } from './property-index.ts';
import { latToY, lngToX, viewportBounds } from './mercator.ts';

// Issue 15 (white-label sites; decision 030): a branded site's search counts, lists and clusters only the listings
// whose owner or assigned agent is a member. Proven against brute force: an index holding only those listings.
const rates = { usd: 20, eur: 22 };
let seed = 11;
const rand = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
const people = Array.from({ length: 40 }, (_, i) => `c_person${i}`);
let n = 0;
function row(over: Partial<IndexRow> = {}): IndexRow {
  n++;
  const metro = rand() < 0.6 ? [20.67, -103.35] : [19.43, -99.13];
  return {
    puid: `p_${n}`, slug: `s-${n}`, lat: metro[0]! + (rand() - 0.5) * 2, lng: metro[1]! + (rand() - 0.5) * 2,
    is_renta: rand() < 0.5, is_venta: rand() < 0.6, is_active: rand() < 0.92, property_type: rand() < 0.5 ? 'house' : 'apartment',
    rooms: Math.floor(rand() * 5), bathrooms: 1, parking_spots: 1, rent_price: Math.round(5000 + rand() * 50_000), rent_currency: 'mxn',
    sale_price: Math.round(500_000 + rand() * 9_000_000), sale_currency: 'mxn', amenities: [],
    published_ms: Date.UTC(2023, 0, 1) + Math.floor(rand() * 5e10),
    owner_cuid: people[Math.floor(rand() * people.length)]!, agent_cuid: rand() < 0.3 ? people[Math.floor(rand() * people.length)]! : null,
    ...over,
  };
}
function q(bounds: { north: number; south: number; east: number; west: number }, over: Partial<IndexQuery> = {}): IndexQuery {
  return {
    minX: lngToX(bounds.west), maxX: lngToX(bounds.east), minY: latToY(bounds.north), maxY: latToY(bounds.south),
    zoom: 12, op: null, priceMin: null, priceMax: null, minRooms: -1, minBathrooms: -1, minParking: -1, types: [],
    amenities: [], active: true, orderBy: 'newest', offset: 0, limit: 20, withClusters: true, ...over,
  };
}

describe('PropertyIndex members filter (issue 15)', () => {
  const rows: IndexRow[] = [];
  const all = new PropertyIndex(rates);
  for (let i = 0; i < 15_000; i++) rows.push(row());
  for (const r of rows) all.upsert(r);
  all.compact();
  // Changes after compaction: an agent assigned, an owner's listing removed, new listings in the delta.
  const reassigned = { ...rows[5]!, agent_cuid: people[0]! };
  rows[5] = reassigned;
  all.upsert(reassigned);
  all.remove(rows[9]!.puid);
  rows.splice(9, 1);
  for (let i = 0; i < 300; i++) {
    const r = row();
    rows.push(r);
    all.upsert(r);
  }

  it('answers exactly what an index of the members\' listings alone answers', () => {
    for (let t = 0; t < 60; t++) {
      const members = people.filter(() => rand() < 0.15);
      if (t === 0) members.push(people[0]!);
      const set = all.memberSet(members);
      const mine = new Set(members);
      const brute = new PropertyIndex(rates);
      for (const r of rows) if (mine.has(r.owner_cuid!) || (r.agent_cuid && mine.has(r.agent_cuid))) brute.upsert(r);
      if (t % 2 === 0) brute.compact();
      const zoom = 5 + (t % 12);
      const center = rand() < 0.5 ? [20.67, -103.35] : [19.43, -99.13];
      const b = viewportBounds(center[0]! + (rand() - 0.5) * 0.8, center[1]! + (rand() - 0.5) * 0.8, zoom);
      const filters: Partial<IndexQuery>[] = [{}, { op: 'rent', priceMax: 30_000 }, { op: 'sale', orderBy: 'cheapest', offset: 20 }, { types: ['house'], minRooms: 2 }];
      const over = { zoom, ...filters[t % filters.length]! };
      const got = all.query({ ...q(b, over), members: set });
      const want = brute.query(q(b, over));
      expect(got.total).toBe(want.total);
      expect(got.slots.map((s) => all.puidAt(s))).toEqual(want.slots.map((s) => brute.puidAt(s)));
      const counts = (r: typeof got) => r.clusters.map((c) => c.count).sort((x, y) => x - y);
      expect(counts(got)).toEqual(counts(want));
    }
  });

  it('counts a member\'s listing added after the set was made; nobody\'s with an empty set', () => {
    const set = all.memberSet([people[3]!]);
    const before = all.query({ ...q({ north: 33, south: 13, east: -86, west: -118 }, { zoom: 5 }), members: set }).total;
    const added = row({ owner_cuid: people[3]!, is_active: true, agent_cuid: null });
    all.upsert(added);
    expect(all.query({ ...q({ north: 33, south: 13, east: -86, west: -118 }, { zoom: 5 }), members: set }).total).toBe(before + 1);
    expect(all.isListingOf(added.puid, set)).toBe(true);
    expect(all.isListingOf(added.puid, all.memberSet([people[4]!]))).toBe(false);
    expect(all.isListingOf('p_unknown', set)).toBe(false);
    expect(all.query({ ...q({ north: 33, south: 13, east: -86, west: -118 }, { zoom: 5 }), members: all.memberSet([]) }).total).toBe(0);
  });

  it('finds a listing of a stranger assigned to a member agent', () => {
    const stranger = row({ owner_cuid: 'c_stranger', agent_cuid: 'c_agent_x' });
    all.upsert(stranger);
    expect(all.isListingOf(stranger.puid, all.memberSet(['c_agent_x']))).toBe(true);
    all.upsert({ ...stranger, agent_cuid: null });
    expect(all.isListingOf(stranger.puid, all.memberSet(['c_agent_x']))).toBe(false);
  });

  it('a member\'s listing hidden as a duplicate of a non-member\'s still shows on the site; the product hides it', () => {
    const index = new PropertyIndex(rates);
    const base = { lat: 20.67, lng: -103.35, is_active: true, is_renta: true, is_venta: false, agent_cuid: null } as const;
    const shown = row({ ...base, puid: 'p_dup_head', owner_cuid: 'c_outsider', dup_group: 'g1', dup_hidden: false });
    const hidden = row({ ...base, puid: 'p_dup_member', owner_cuid: 'c_member', dup_group: 'g1', dup_hidden: true });
    index.upsert(shown);
    index.upsert(hidden);
    const box = { north: 20.7, south: 20.6, east: -103.3, west: -103.4 };
    const puids = (over: Partial<IndexQuery>) => index.query(q(box, over)).slots.map((s) => index.puidAt(s));
    expect(puids({})).toEqual(['p_dup_head']);
    expect(puids({ members: index.memberSet(['c_member']) })).toEqual(['p_dup_member']);
    expect(index.query(q(box, { members: index.memberSet(['c_member']) })).total).toBe(1);
  });
});
